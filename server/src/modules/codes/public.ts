/** What other modules may use of the codes module. */

// Used by other modules; they import it from here only.
export { CODE_TABLES, codeName, codeSnapshot, disableCodeItem, inPlace, isCodeTable, isValidCode, listCodeTable, requireCodes, seedCodeTables, upsertCodeItem, type CodeRow, type CodeTable } from './store.js';
