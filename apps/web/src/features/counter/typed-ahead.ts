/**
 * The keys a cashier typed right after a dialog opened, before its number field had the focus
 * (a weight after a scan, the cash received after F12), as that field would have taken them: digits,
 * one decimal point, no more decimals than the field allows. Anything else is dropped, as the field
 * itself drops it.
 */
export function typedNumber(keys: string, decimals: number): string {
  let text = '';
  let decimalsTyped = -1;
  for (const key of keys) {
    if (key === '.') {
      if (decimals > 0 && decimalsTyped < 0) {
        text += key;
        decimalsTyped = 0;
      }
    } else if (key >= '0' && key <= '9' && decimalsTyped < decimals) {
      text += key;
      if (decimalsTyped >= 0) decimalsTyped++;
    }
  }
  return text;
}
