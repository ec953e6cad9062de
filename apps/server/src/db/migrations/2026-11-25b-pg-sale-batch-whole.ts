import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// PostgreSQL only: mostrador_sell_batch (migration 2026-11-25a-pg-sale-batch) first runs the
// whole batch in ONE subtransaction; only when one of its sales is refused (rolled back with
// everything the batch wrote) does it run them again one subtransaction each, as before, so a
// refused sale is still rolled back alone and reported in the batch's order. Every sale that
// goes through costs one subtransaction the less (a subtransaction id of its own, its start
// and its release): the service's sales measured 0.66 → 0.91 of the raw limit on average
// (docs/benchmarks.md; decisions.md, "A batch of sales in one subtransaction"). The re-run starts
// from the same state (the batch's locks are taken before either run and kept), so each sale
// sees exactly what it would have seen running after the ones before it.
const CREATE_SELL_BATCH = sql`
create or replace function mostrador_sell_batch(p jsonb) returns jsonb language plpgsql volatile as $fn$
declare
  sale jsonb;
  outcomes jsonb := '[]'::jsonb;
  v_detail text;
begin
  perform 1 from clients where id in (
      select (s->'credit'->>'client_id')::integer from jsonb_array_elements(p) s
      where jsonb_typeof(s->'credit') = 'object')
    order by id for no key update;
  perform 1 from products where id in (
      select (x->>'product_id')::integer from jsonb_array_elements(p) s, jsonb_array_elements(s->'stock') x)
    order by id for no key update;
  begin
    for sale in select * from jsonb_array_elements(p) loop
      perform mostrador_sell(sale);
    end loop;
    return (select jsonb_agg(null::jsonb) from jsonb_array_elements(p));
  exception when others then
    -- One sale was refused: nothing of the batch is left; each sale again, on its own.
  end;
  for sale in select * from jsonb_array_elements(p) loop
    begin
      perform mostrador_sell(sale);
      outcomes := outcomes || jsonb_build_array(null);
    exception when others then
      get stacked diagnostics v_detail = pg_exception_detail;
      outcomes := outcomes || jsonb_build_array(jsonb_build_object(
        'message', sqlerrm, 'detail', nullif(v_detail, ''), 'code', sqlstate));
    end;
  end loop;
  return outcomes;
end
$fn$`;

export function pgSaleBatchWholeMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await CREATE_SELL_BATCH.execute(db);
    },
  };
}
