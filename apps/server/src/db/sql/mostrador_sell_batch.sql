-- mostrador_sell_batch(p): the sales waiting together (receipts/sale/pg.writer.ts) in one call,
-- one transaction, one COMMIT; p as for mostrador_sell_set. Returns one outcome per sale, in
-- order: null when it was written, else why it was refused ({message, detail, code}).
--
-- First the fence (the day's cut waits for this batch: late-entries module), then the row locks
-- of the batch's credit clients and products, each in ascending id order, so two batches (of this
-- process or another) never wait on each other in a cycle. Then the whole batch in one
-- subtransaction; only when one of its sales is refused (everything rolled back) does each sale
-- run again in a subtransaction of its own, in order, so the refused one is rolled back alone and
-- each sale sees exactly what it would have seen running after the ones before it.
create or replace function mostrador_sell_batch(p jsonb) returns jsonb language plpgsql volatile as $fn$
declare
  v_sale jsonb;
  v_outcomes jsonb := '[]'::jsonb;
  v_detail text;
begin
  lock table cut_fence in row exclusive mode;
  perform 1 from clients where id in (
      select (s->'credit'->>'client_id')::integer from jsonb_array_elements(p->'sales') s
      where jsonb_typeof(s->'credit') = 'object')
    order by id for no key update;
  perform 1 from products where id in (
      select (x->>'product_id')::integer from jsonb_array_elements(p->'sales') s, jsonb_array_elements(s->'stock') x)
    order by id for no key update;
  if jsonb_array_length(p->'sales') > 1 then
    begin
      perform mostrador_sell_set(p);
      return (select jsonb_agg(null::jsonb) from jsonb_array_elements(p->'sales'));
    exception when others then
      -- One sale must be refused: nothing of the batch is left; each sale again, on its own.
    end;
  end if;
  for v_sale in select * from jsonb_array_elements(p->'sales') loop
    begin
      perform mostrador_sell_set(jsonb_set(p, '{sales}', jsonb_build_array(v_sale)));
      v_outcomes := v_outcomes || jsonb_build_array(null);
    exception when others then
      get stacked diagnostics v_detail = pg_exception_detail;
      v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object(
        'message', sqlerrm, 'detail', nullif(v_detail, ''), 'code', sqlstate));
    end;
  end loop;
  return v_outcomes;
end
$fn$;
