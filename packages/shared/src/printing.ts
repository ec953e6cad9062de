// How many copies one print may ask for. Plain constants, apart from the schemas
// (schemas/printing.ts), so the web app's texts can name them without loading zod.
export const MIN_PRINT_COPIES = 1;
export const MAX_PRINT_COPIES = 10;
export const PRINT_COPIES_MIN_MESSAGE = 'El número de copias debe ser al menos 1.';
export const PRINT_COPIES_MAX_MESSAGE = `El número de copias no puede ser mayor que ${MAX_PRINT_COPIES}.`;
