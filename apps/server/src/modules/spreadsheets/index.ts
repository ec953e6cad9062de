// The spreadsheets module's public entry besides its services: the one CSV writer.
export { toCsv } from './spreadsheet.js';
