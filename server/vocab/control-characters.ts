// Text people type (names, labels, descriptions) and ids in a path hold no control characters
// (U+0000-U+001F, U+007F), which none of them needs. Imports nothing, so the browser may import it
// too (vocab.test.ts).
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** A whole string without one, for a schema's `.regex()`, and the words that follow the field's name. */
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
export const NO_CONTROL_CHARACTERS_MESSAGE = "must not contain control characters";
