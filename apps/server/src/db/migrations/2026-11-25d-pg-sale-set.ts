import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// PostgreSQL only: a batch of sales written set by set (decisions.md, "A batch of sales written
// set by set"). mostrador_sell_batch ran mostrador_sell once per sale: about ten small statements
// each (key, credit, receipt, items, one UPDATE and one log per product, shift, payment), and that
// per-statement work was most of a batch's time, on one backend, while the other core idled.
// mostrador_sell_set writes the same rows for the whole batch in a handful of statements, as if
// its sales had run one after another: a credit sale's balance counts the batch's earlier credit
// sales of its client, a product's stock passes through each sale's change in order (never below
// zero, whole units unless sold by weight), each log holds its own before and after, and the log
// ids ascend in the batch's order. It never refuses a sale itself: when any sale would be refused
// (a key taken, over the limit without authorization, the stock), it raises, and
// mostrador_sell_batch rolls it back and runs the sales one by one through mostrador_sell, which
// refuses exactly the one that must be. Late entries, rare, keep mostrador_sell's loop.
const CREATE_SELL_SET = sql`
create or replace function mostrador_sell_set(p jsonb) returns void language plpgsql volatile as $fn$
declare
  v_keyed integer;
  v_claimed integer;
  v_ttl bigint;
  v_ttl_max bigint;
  v_refused integer;
  v_authorized jsonb;
  v_entries integer;
  v_log_ids bigint[];
  v_logged integer;
  e jsonb;
  late late_entries;
begin
  -- Keys: each keyed sale claims its key, as in mostrador_sell; a key taken (or used twice in the
  -- batch, which ON CONFLICT refuses) sends the batch one by one.
  select count(*), min((s->'key'->>'created_at')::bigint - (s->'key'->>'expired_at')::bigint),
         max((s->'key'->>'created_at')::bigint - (s->'key'->>'expired_at')::bigint)
    into v_keyed, v_ttl, v_ttl_max
    from jsonb_array_elements(p) s where jsonb_typeof(s->'key') = 'object';
  if v_keyed > 0 then
    if v_ttl <> v_ttl_max then
      raise exception 'mostrador:one-by-one';
    end if;
    insert into idempotency_keys (user_id, key, operation, request_hash, status_code, response_body, created_at)
    select (s.v->'key'->>'user_id')::integer, s.v->'key'->>'key', s.v->'key'->>'operation',
           s.v->'key'->>'request_hash', (s.v->'key'->>'status_code')::integer, s.v->'key'->>'response_body',
           (s.v->'key'->>'created_at')::bigint
      from jsonb_array_elements(p) with ordinality s(v, i)
      where jsonb_typeof(s.v->'key') = 'object' order by s.i
    on conflict (user_id, key) do update
      set operation = excluded.operation, request_hash = excluded.request_hash,
          status_code = excluded.status_code, response_body = excluded.response_body,
          created_at = excluded.created_at
      where idempotency_keys.created_at <= excluded.created_at - v_ttl;
    get diagnostics v_claimed = row_count;
    if v_claimed < v_keyed then
      raise exception 'mostrador:one-by-one';
    end if;
  end if;

  -- Credit limits (clients already locked by mostrador_sell_batch): each credit sale of a client
  -- with a limit against its open balance plus the batch's earlier credit sales of that client.
  with cs as (
    select s.i, (s.v->'credit'->>'client_id')::integer as client_id, (s.v->'credit'->>'sale_cents')::bigint as cents,
           s.v->'credit'->'authorized_by' as auth
      from jsonb_array_elements(p) with ordinality s(v, i) where jsonb_typeof(s.v->'credit') = 'object'),
  limited as (
    select id, credit_limit_cents from clients
      where id in (select client_id from cs) and credit_limit_cents is not null),
  balances as (
    select o.client_id, sum(o.balance) as balance from (
      select r.client_id, r.total_cents - coalesce(sum(case when p2.is_enabled = 1 and p2.reason = 'ADD' then p2.amount_cents
        when p2.is_enabled = 1 and p2.reason = 'REMOVE' then -p2.amount_cents else 0 end), 0) as balance
      from receipts r left join payments p2 on p2.receipt_id = r.id
      where r.client_id in (select id from limited) and r.state = 'Pending' and r.payment_mode = 'Credit'
      group by r.id, r.client_id, r.total_cents) o
    group by o.client_id),
  checked as (
    select cs.i, cs.auth, l.credit_limit_cents as lim,
           coalesce(b.balance, 0) + sum(cs.cents) over (partition by cs.client_id order by cs.i) as after
      from cs join limited l on l.id = cs.client_id left join balances b on b.client_id = cs.client_id)
  select count(*) filter (where jsonb_typeof(auth) <> 'number'),
         jsonb_object_agg(i::text, auth) filter (where jsonb_typeof(auth) = 'number')
    into v_refused, v_authorized
    from checked where after > lim;
  if v_refused > 0 then
    raise exception 'mostrador:one-by-one';
  end if;

  insert into receipts
  select r.* from jsonb_array_elements(p) with ordinality s(v, i),
    lateral jsonb_populate_record(null::receipts, s.v->'receipt'
      || jsonb_build_object('over_limit_authorized_by', v_authorized->(s.i::text))) r
    order by s.i;
  insert into receipt_items
  select x.* from jsonb_array_elements(p) with ordinality s(v, i),
    lateral jsonb_populate_recordset(null::receipt_items, s.v->'items') x
    order by s.i;

  -- Stock: one UPDATE per product for the whole batch, only where every step of its sales keeps
  -- the rules; a log per sale and product, ids ascending in the batch's order. A product left
  -- out leaves its logs out, and the count shows it.
  select count(*) into v_entries from jsonb_array_elements(p) s, jsonb_array_elements(s->'stock');
  v_log_ids := array(select nextval('inventory_logs_id_seq') as id from generate_series(1, v_entries) order by id);
  with d as (
    select s.i, x.j, (x.v->>'product_id')::integer as product_id, (x.v->>'delta_milli')::bigint as delta,
           (s.v->>'at')::bigint as at, (s.v->>'milli_per_unit')::bigint as mpu, x.v as entry, s.v->'log' as log,
           sum((x.v->>'delta_milli')::bigint) over (partition by (x.v->>'product_id')::integer order by s.i, x.j) as reached,
           row_number() over (order by s.i, x.j) as n
      from jsonb_array_elements(p) with ordinality s(v, i), jsonb_array_elements(s.v->'stock') with ordinality x(v, j)),
  per_product as (
    select product_id, sum(delta) as total, min(reached) as lowest, bool_and(delta % mpu = 0) as whole,
           (array_agg(at order by i desc))[1] as last_at
      from d group by product_id),
  updated as (
    update products pr set stock_milli = pr.stock_milli + pp.total, updated_at = pp.last_at
      from per_product pp
      where pr.id = pp.product_id and pr.stock_milli + pp.lowest >= 0 and (pp.whole or pr.sells_by_weight = 1)
      returning pr.id, pr.name, pr.stock_milli - pp.total as before_batch)
  insert into inventory_logs
  select l.* from d join updated u on u.id = d.product_id,
    lateral jsonb_populate_record(null::inventory_logs, d.log || d.entry || jsonb_build_object(
      'id', v_log_ids[d.n], 'stock_before_milli', u.before_batch + d.reached - d.delta,
      'stock_after_milli', u.before_batch + d.reached, 'product_name', u.name)) l
    order by d.n;
  get diagnostics v_logged = row_count;
  if v_logged < v_entries then
    raise exception 'mostrador:one-by-one';
  end if;

  -- Payments on their seller's open cash shift, share-locked (as mostrador_sell).
  insert into payments
  select pay.* from jsonb_array_elements(p) with ordinality s(v, i)
    left join lateral (
      select c.id from cash_shifts c
        where c.user_id = (s.v->'payment'->>'user_id')::integer and c.closed_at is null for share) sh on true,
    lateral jsonb_populate_record(null::payments, s.v->'payment' || jsonb_build_object('shift_id', sh.id)) pay
    where jsonb_typeof(s.v->'payment') = 'object'
    order by s.i;

  for e in select x.v from jsonb_array_elements(p) with ordinality s(v, i),
      jsonb_array_elements(s.v->'late') with ordinality x(v, k) order by s.i, x.k loop
    if exists (select 1 from cash_count_reports where date = e->>'day') then
      late := jsonb_populate_record(null::late_entries, e);
      late.id := nextval('late_entries_id_seq');
      insert into late_entries select late.*;
    end if;
  end loop;
end
$fn$`;

/** mostrador_sell_batch of 2026-11-25c-cut-fence, with mostrador_sell_set as its first try. */
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
    perform mostrador_sell_set(p);
    return (select jsonb_agg(null::jsonb) from jsonb_array_elements(p));
  exception when others then
    -- One sale would be refused: nothing of the batch is left; each sale again, on its own.
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

export function pgSaleSetMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await CREATE_SELL_SET.execute(db);
      await CREATE_SELL_BATCH.execute(db);
    },
  };
}
