import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// PostgreSQL only: a sale's writes in one call (one round trip, one implicit transaction).
// The function knows no column lists: receipts, items, payments and logs are built in Node
// (receipts.pg-sale.ts) as whole rows and read with json_populate_record, so a new column is
// added where Node builds the row. What it keeps inside the transaction: the Idempotency-Key
// claim, the client's credit limit (after locking the client, with a fresh snapshot per
// statement), the payment's cash shift, the late entries of a day already cut, stock never below zero nor a fraction of a whole-unit product (one conditional
// UPDATE per product, ascending ids) and the chained inventory logs. A refusal raises
// 'mostrador:<reason>' with its data as JSON in DETAIL; Node writes the Spanish message.
// SQLite runs the sale in-process through Kysely (round trips cost nothing there).
const CREATE_SELL = sql`
create or replace function mostrador_sell(p jsonb) returns void language plpgsql volatile as $fn$
declare
  k jsonb := p->'key';
  c jsonb := p->'credit';
  rec receipts;
  pay payments;
  log inventory_logs;
  s jsonb;
  v_limit integer;
  v_balance bigint;
  v_authorized integer;
  v_delta bigint;
  v_name text;
  v_after bigint;
  v_shift integer;
  e jsonb;
  late late_entries;
begin
  -- The key first: a simultaneous duplicate waits here until this transaction ends, then takes
  -- over the key only if it expired (or this one rolled back).
  if jsonb_typeof(k) = 'object' then
    insert into idempotency_keys (user_id, key, operation, request_hash, status_code, response_body, created_at)
    values ((k->>'user_id')::integer, k->>'key', k->>'operation', k->>'request_hash',
            (k->>'status_code')::integer, k->>'response_body', (k->>'created_at')::bigint)
    on conflict (user_id, key) do update
      set operation = excluded.operation, request_hash = excluded.request_hash,
          status_code = excluded.status_code, response_body = excluded.response_body,
          created_at = excluded.created_at
      where idempotency_keys.created_at <= (k->>'expired_at')::bigint;
    if not found then
      raise exception 'mostrador:key-taken';
    end if;
  end if;

  -- Credit limit (exceedsCreditLimit in packages/shared): the client's row lock, then the open
  -- balance read after it (a volatile function's statement sees what committed meanwhile).
  if jsonb_typeof(c) = 'object' then
    select credit_limit_cents into v_limit from clients where id = (c->>'client_id')::integer for no key update;
    if v_limit is not null then
      select coalesce(sum(o.balance), 0) into v_balance from (
        select r.total_cents - coalesce(sum(case when p2.is_enabled = 1 and p2.reason = 'ADD' then p2.amount_cents
          when p2.is_enabled = 1 and p2.reason = 'REMOVE' then -p2.amount_cents else 0 end), 0) as balance
        from receipts r left join payments p2 on p2.receipt_id = r.id
        where r.client_id = (c->>'client_id')::integer and r.state = 'Pending' and r.payment_mode = 'Credit'
        group by r.id, r.total_cents) o;
      if v_balance + (c->>'sale_cents')::bigint > v_limit then
        if jsonb_typeof(c->'authorized_by') <> 'number' then
          raise exception 'mostrador:over-limit'
            using detail = json_build_object('limitCents', v_limit, 'balanceCents', v_balance)::text;
        end if;
        v_authorized := (c->>'authorized_by')::integer;
      end if;
    end if;
  end if;

  rec := jsonb_populate_record(null::receipts, p->'receipt');
  rec.over_limit_authorized_by := v_authorized;
  insert into receipts select rec.*;
  insert into receipt_items select * from jsonb_populate_recordset(null::receipt_items, p->'items');

  for s in select * from jsonb_array_elements(p->'stock') loop
    v_delta := (s->>'delta_milli')::bigint;
    update products set stock_milli = stock_milli + v_delta, updated_at = (p->>'at')::bigint
      where id = (s->>'product_id')::integer and stock_milli + v_delta >= 0
        and (v_delta % (p->>'milli_per_unit')::bigint = 0 or sells_by_weight = 1)
      returning name, stock_milli into v_name, v_after;
    if not found then
      raise exception 'mostrador:stock' using detail = json_build_object(
        'productId', (s->>'product_id')::integer, 'deltaMilli', v_delta,
        'product', (select json_build_object('name', name, 'stockMilli', stock_milli, 'sellsByWeight', sells_by_weight)
                      from products where id = (s->>'product_id')::integer))::text;
    end if;
    log := jsonb_populate_record(null::inventory_logs, p->'log' || s || jsonb_build_object(
      'stock_before_milli', v_after - v_delta, 'stock_after_milli', v_after, 'product_name', v_name));
    log.id := nextval('inventory_logs_id_seq');
    insert into inventory_logs select log.*;
  end loop;

  -- The payment goes on the seller's open cash shift, share-locked as cash.queries.ts
  -- openShiftIdForPayment does: a close running meanwhile waits for this sale and counts it.
  if jsonb_typeof(p->'payment') = 'object' then
    pay := jsonb_populate_record(null::payments, p->'payment');
    select id into v_shift from cash_shifts where user_id = pay.user_id and closed_at is null for share;
    pay.shift_id := v_shift;
    insert into payments select pay.*;
  end if;

  -- Late entries (reports/late-entries.ts): each only when its day already has a cut.
  for e in select * from jsonb_array_elements(p->'late') loop
    if exists (select 1 from cash_count_reports where date = e->>'day') then
      late := jsonb_populate_record(null::late_entries, e);
      late.id := nextval('late_entries_id_seq');
      insert into late_entries select late.*;
    end if;
  end loop;
end
$fn$`;

export function pgSaleMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await CREATE_SELL.execute(db);
    },
  };
}
