import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// PostgreSQL only: the fence between the day's cut and the writes it must not miss (decisions.md,
// "The cut waits for the writes in flight"). cut_fence holds no rows: it is only ever locked. Every
// writer of a late-relevant row (a sale, a cancellation, a payment, a payment's cancellation)
// takes it in ROW EXCLUSIVE mode first (writers never wait on each other); the cut takes it in
// SHARE mode before its snapshot, so the snapshot is taken once every writer in flight committed,
// and a writer that comes later sees the cut and records its late entry. mostrador_sell_batch is
// the one of 2026-11-25b-pg-sale-batch-whole with the fence as its first statement.
const CREATE_CUT_FENCE = sql`create table cut_fence ()`;

const CREATE_SELL_BATCH = sql`
create or replace function mostrador_sell_batch(p jsonb) returns jsonb language plpgsql volatile as $fn$
declare
  sale jsonb;
  outcomes jsonb := '[]'::jsonb;
  v_detail text;
begin
  -- First, before anything is read: the cut waits for this batch (reports/late-entries.ts).
  lock table cut_fence in row exclusive mode;
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

export function cutFenceMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await CREATE_CUT_FENCE.execute(db);
      await CREATE_SELL_BATCH.execute(db);
    },
  };
}
