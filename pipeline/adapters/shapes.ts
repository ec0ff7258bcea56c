/**
 * Field shapes of the header-less legacy L&I text files. A layout is recognised by its field count
 * and these together: several layouts share a count (AuthHist, Insur and BOC-3 have 9 fields).
 */
const DOCKET = /^(MC|FF|MX)[0-9]+$/;
const PADDED_DOT = /^[0-9]{8}$/;
const DATE = /^[0-9]{1,2}\/[0-9]{1,2}\/[0-9]{4}$/;

export const isDocket = (s: string): boolean => DOCKET.test(s.trim().toUpperCase());
/** Legacy DOT numbers are zero-padded to 8 digits (`00000000` = none). */
export const isPaddedDot = (s: string): boolean => PADDED_DOT.test(s.trim());
export const isDateOrBlank = (s: string): boolean => s.trim() === '' || DATE.test(s.trim());
