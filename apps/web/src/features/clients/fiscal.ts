import { normalizeRfc, regimeProblem, rfcProblem, SAT_CFDI_USES, SAT_REGIMES } from '@mostrador/shared';

// The choices of the client form's 'Datos fiscales'.

const option = ({ code, name }: { code: string; name: string }) => ({ value: code, label: `${code} — ${name}` });

/**
 * The régimenes open to the RFC's kind of person once the RFC is valid (all of them before), and
 * the usos de CFDI allowed with the chosen régimen. The current value stays among the options, so
 * a choice that no longer suits shows with its error rather than vanishing.
 */
export function fiscalOptions(rfc: string, regime: string | null, use: string | null) {
  const normalised = normalizeRfc(rfc);
  const rfcValid = normalised !== '' && rfcProblem(normalised) === null;
  const regimes = SAT_REGIMES.filter(
    (r) => r.code === regime || !rfcValid || regimeProblem(normalised, r.code) === null,
  ).map(option);
  const uses = SAT_CFDI_USES.filter((u) => u.code === use || !regime || u.regimes.includes(regime)).map(option);
  return { regimes, uses };
}
