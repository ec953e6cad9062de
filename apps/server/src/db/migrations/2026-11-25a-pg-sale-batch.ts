import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// PostgreSQL only: the sales waiting together in one call, one transaction, one COMMIT
// (receipts.pg-sale-batch.ts; docs/decisions.md, "Sales committed together on PostgreSQL").
// It first locks the clients of the batch's credit sales, then its products, each in ascending
// id order, so two batches (of this process or another) never wait on each other in a cycle.
// Then each sale runs through mostrador_sell (migration 2026-11-24d-pg-sale, every rule of a
// sale) inside its own BEGIN … EXCEPTION block: a refused sale is rolled back alone and its
// refusal comes back as data (message, DETAIL, SQLSTATE), in the batch's order; a sale that
// went through answers null. Each sale sees the writes of the sales before it, exactly as if
// they had run one after another.
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

export function pgSaleBatchMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await CREATE_SELL_BATCH.execute(db);
    },
  };
}
