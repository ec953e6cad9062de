-- mostrador_sell_set(p): the writes of a set of sales, in a handful of statements, exactly as if
-- its sales had run one after another; the one definition of a sale's checks that must hold at
-- commit on PostgreSQL (SQLite runs the same rules through Kysely: receipts/sale/sqlite.writer.ts).
--
-- p = { "key_ttl_ms": …, "milli_per_unit": 1000, "sales": [sale, …] }, each sale built whole in
-- Node (receipts/sale/pg.writer.ts): key, credit, authorizations, receipt, items, payment, stock
-- (one change per product, ascending ids), log, late, at. Rows are read with json_populate_record(set), so a new
-- column is added where Node builds the row.
--
-- A sale that must be refused raises 'mostrador:<reason>' with its figures as JSON in DETAIL,
-- for the first such sale in the set (with one sale: that sale's refusal, which Node turns into
-- the Spanish message):
-- - key-taken: its Idempotency-Key is held by a live answer (or is used twice in the set);
-- - over-limit: a credit sale takes its client over the limit and nobody authorised it; DETAIL
--   {limitCents, balanceCents}, the balance before that sale;
-- - stock: a product would go below zero, or a product sold by the piece by a fraction; DETAIL
--   {productId, deltaMilli, product: {name, stockMilli, sellsByWeight}}.
-- The caller (mostrador_sell_batch) has taken the clients' and products' row locks.
create or replace function mostrador_sell_set(p jsonb) returns void language plpgsql volatile as $fn$
declare
  v_sales jsonb := p->'sales';
  v_ttl bigint := (p->>'key_ttl_ms')::bigint;
  v_mpu bigint := (p->>'milli_per_unit')::bigint;
  v_keyed integer;
  v_claimed integer;
  v_refused jsonb;
  v_authorized jsonb;
  v_entries integer;
  v_log_ids bigint[];
  v_logged integer;
  e jsonb;
  late late_entries;
begin
  -- Keys first: each keyed sale claims its key, taking over only an expired one. A simultaneous
  -- duplicate (another transaction) waits here until this one ends.
  select count(*) into v_keyed from jsonb_array_elements(v_sales) s where jsonb_typeof(s->'key') = 'object';
  if v_keyed > 0 then
    insert into idempotency_keys (user_id, key, operation, request_hash, status_code, response_body, created_at)
    select (s.v->'key'->>'user_id')::integer, s.v->'key'->>'key', s.v->'key'->>'operation',
           s.v->'key'->>'request_hash', (s.v->'key'->>'status_code')::integer, s.v->'key'->>'response_body',
           (s.v->'key'->>'created_at')::bigint
      from jsonb_array_elements(v_sales) with ordinality s(v, i)
      where jsonb_typeof(s.v->'key') = 'object' order by s.i
    on conflict (user_id, key) do update
      set operation = excluded.operation, request_hash = excluded.request_hash,
          status_code = excluded.status_code, response_body = excluded.response_body,
          created_at = excluded.created_at
      where idempotency_keys.created_at <= excluded.created_at - v_ttl;
    get diagnostics v_claimed = row_count;
    if v_claimed < v_keyed then
      raise exception 'mostrador:key-taken';
    end if;
  end if;

  -- Credit limits (exceedsCreditLimit in packages/shared): each credit sale of a client with a
  -- limit against the client's open balance plus the set's earlier credit sales of that client.
  with cs as (
    select s.i, (s.v->'credit'->>'client_id')::integer as client_id, (s.v->'credit'->>'sale_cents')::bigint as cents,
           s.v->'credit'->'authorized_by' as auth
      from jsonb_array_elements(v_sales) with ordinality s(v, i) where jsonb_typeof(s.v->'credit') = 'object'),
  limited as (
    select id, credit_limit_cents from clients
      where id in (select client_id from cs) and credit_limit_cents is not null),
  balances as (
    select o.client_id, sum(o.balance) as balance from (
      select r.client_id, r.total_cents - r.returned_cents - coalesce(sum(case when p2.is_enabled = 1 and p2.reason = 'ADD' then p2.amount_cents
        when p2.is_enabled = 1 and p2.reason = 'REMOVE' then -p2.amount_cents else 0 end), 0) as balance
      from receipts r left join payments p2 on p2.receipt_id = r.id
      where r.client_id in (select id from limited) and r.state = 'Pending' and r.payment_mode = 'Credit'
      group by r.id, r.client_id, r.total_cents, r.returned_cents) o
    group by o.client_id),
  checked as (
    select cs.i, cs.auth, cs.cents, l.credit_limit_cents as lim,
           coalesce(b.balance, 0) + sum(cs.cents) over (partition by cs.client_id order by cs.i) as after
      from cs join limited l on l.id = cs.client_id left join balances b on b.client_id = cs.client_id)
  select (select jsonb_build_object('limitCents', lim, 'balanceCents', after - cents) from checked
            where after > lim and jsonb_typeof(auth) <> 'number' order by i limit 1),
         (select jsonb_object_agg(i::text, auth) from checked where after > lim and jsonb_typeof(auth) = 'number')
    into v_refused, v_authorized;
  if v_refused is not null then
    raise exception 'mostrador:over-limit' using detail = v_refused::text;
  end if;

  insert into receipts
  select r.* from jsonb_array_elements(v_sales) with ordinality s(v, i),
    lateral jsonb_populate_record(null::receipts, s.v->'receipt'
      || jsonb_build_object('over_limit_authorized_by', v_authorized->(s.i::text))) r
    order by s.i;
  -- The supervisors' authorisations, in the set's order: an OVER_LIMIT one only for a sale that
  -- did go over its client's limit (as over_limit_authorized_by above).
  insert into receipt_authorizations (receipt_id, kind, authorized_by, user_id, created_at)
  select (a.v->>'receipt_id')::integer, a.v->>'kind', (a.v->>'authorized_by')::integer,
         (a.v->>'user_id')::integer, (a.v->>'created_at')::bigint
    from jsonb_array_elements(v_sales) with ordinality s(v, i),
      jsonb_array_elements(coalesce(s.v->'authorizations', '[]'::jsonb)) with ordinality a(v, j)
    where a.v->>'kind' <> 'OVER_LIMIT' or v_authorized->(s.i::text) is not null
    order by s.i, a.j;
  insert into receipt_items
  select x.* from jsonb_array_elements(v_sales) with ordinality s(v, i),
    lateral jsonb_populate_recordset(null::receipt_items, s.v->'items') x
    order by s.i;

  -- Stock: one UPDATE per product for the whole set, only where every step of its sales keeps
  -- the rules; a log per sale and product, each with its own before and after, ids ascending in
  -- the set's order. A product left out leaves its logs out, and the count shows it.
  select count(*) into v_entries from jsonb_array_elements(v_sales) s, jsonb_array_elements(s->'stock');
  v_log_ids := array(select nextval('inventory_logs_id_seq') as id from generate_series(1, v_entries) order by id);
  with d as (
    select s.i, x.j, (x.v->>'product_id')::integer as product_id, (x.v->>'delta_milli')::bigint as delta,
           (s.v->>'at')::bigint as at, x.v as entry, s.v->'log' as log,
           sum((x.v->>'delta_milli')::bigint) over (partition by (x.v->>'product_id')::integer order by s.i, x.j) as reached,
           row_number() over (order by s.i, x.j) as n
      from jsonb_array_elements(v_sales) with ordinality s(v, i), jsonb_array_elements(s.v->'stock') with ordinality x(v, j)),
  per_product as (
    select product_id, sum(delta) as total, min(reached) as lowest, bool_and(delta % v_mpu = 0) as whole,
           (array_agg(at order by i desc))[1] as last_at
      from d group by product_id),
  updated as (
    update products pr set stock_milli = pr.stock_milli + pp.total, updated_at = pp.last_at
      from per_product pp
      where pr.id = pp.product_id and pr.stock_milli + pp.lowest >= 0 and (pp.whole or pr.sells_by_weight = 1)
      returning pr.id, pr.name, pr.stock_milli - pp.total as before_set)
  insert into inventory_logs
  select l.* from d join updated u on u.id = d.product_id,
    lateral jsonb_populate_record(null::inventory_logs, d.log || d.entry || jsonb_build_object(
      'id', v_log_ids[d.n], 'stock_before_milli', u.before_set + d.reached - d.delta,
      'stock_after_milli', u.before_set + d.reached, 'product_name', u.name)) l
    order by d.n;
  get diagnostics v_logged = row_count;
  if v_logged < v_entries then
    -- The first change of the set whose product was left out, and that product as it stands.
    select jsonb_build_object('productId', x.product_id, 'deltaMilli', x.delta,
             'product', (select jsonb_build_object('name', name, 'stockMilli', stock_milli, 'sellsByWeight', sells_by_weight)
                           from products where id = x.product_id))
      into v_refused
      from (select (c.v->>'product_id')::integer as product_id, (c.v->>'delta_milli')::bigint as delta, s.i, c.j
              from jsonb_array_elements(v_sales) with ordinality s(v, i), jsonb_array_elements(s.v->'stock') with ordinality c(v, j)) x
      where not exists (select 1 from inventory_logs l where l.id = any(v_log_ids) and l.product_id = x.product_id)
      order by x.i, x.j limit 1;
    raise exception 'mostrador:stock' using detail = v_refused::text;
  end if;

  -- Payments on their seller's open cash shift, share-locked: a close running meanwhile waits
  -- for these sales and counts them (cash.queries.ts openShiftIdForPayment does the same).
  insert into payments
  select pay.* from jsonb_array_elements(v_sales) with ordinality s(v, i)
    left join lateral (
      select c.id from cash_shifts c
        where c.user_id = (s.v->'payment'->>'user_id')::integer and c.closed_at is null for share) sh on true,
    lateral jsonb_populate_record(null::payments, s.v->'payment' || jsonb_build_object('shift_id', sh.id)) pay
    where jsonb_typeof(s.v->'payment') = 'object'
    order by s.i;

  -- Late entries (late-entries module): each only when its day already has a cut.
  for e in select x.v from jsonb_array_elements(v_sales) with ordinality s(v, i),
      jsonb_array_elements(s.v->'late') with ordinality x(v, k) order by s.i, x.k loop
    if exists (select 1 from cash_count_reports where date = e->>'day') then
      late := jsonb_populate_record(null::late_entries, e);
      late.id := nextval('late_entries_id_seq');
      insert into late_entries select late.*;
    end if;
  end loop;
end
$fn$;
