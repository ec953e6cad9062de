// Texts of the day's cut shared by the server's PDF and the web screen. Plain constants, apart
// from the schemas (schemas/reports.ts), so the web app's texts can name them without loading zod.

/** The title of a cut's section listing what was recorded into its day after the previous cut. */
export const CUT_LATE_TITLE = 'Registrado después del corte anterior';
