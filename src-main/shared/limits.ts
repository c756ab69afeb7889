/**
 * Sizes and text patterns that main enforces and the renderer shows: one definition each, so a form's
 * `maxlength`, a hint's "250 to 10000 ms" and main's own check can never disagree. Plain values only (no
 * zod, no Node), so the renderer imports them without pulling in the contract's schemas.
 */

/** A PBX call id: the UNIX time of the call's start, a dot, and a sequence number (`1700000000.42`). */
export const UNIQUEID_PATTERN = /^\d{1,12}\.\d{1,9}$/;

/** What a person may paste as a call id before it is checked (`review:open`). */
export const PASTED_CALL_ID_MAX = 256;

/** What the user typed or pasted as a number, a directory number, a `tel:` link's number. */
export const NUMBER_TEXT_MAX = 256;

/** Text that is only a number as people write it: digits, one leading plus and the usual separators. */
export const NUMBER_TEXT_PATTERN = /^\+?[\d\s()./-]+$/;

/**
 * How an extension is written after a number, digits in group 1: `;ext=12`, `, ext. 12`, `extension 12`,
 * `x12`, `#12`, Czech and Slovak `kl. 12`. A source without anchors: a reader anchors it where it looks.
 */
export const EXTENSION_SOURCE = String.raw`(?:;ext=|[\s,;]*(?:ext\.?|extension|x|#|kl\.?|klapka)\s*[:.]?\s*)(\d{1,8})`;

/** How often main asks the PBX about the agent's calls, in milliseconds. */
export const POLL_INTERVAL_MS = { min: 250, max: 10_000, default: 1000 } as const;

/** The longest wrap-up note. */
export const NOTE_MAX = 10_000;
/** The longest call metadata key (the PBX's own limit). */
export const METADATA_KEY_MAX = 64;
/** The most metadata keys one wrap-up draft edits. */
export const METADATA_DRAFT_KEYS_MAX = 200;

/** The most calls one `history:list` page (or one `history:markSeen`) carries. */
export const HISTORY_PAGE_MAX = 200;
/** The longest History search text (quick filter and full text). */
export const HISTORY_QUERY_MAX = 200;

/** The longest directory search text. */
export const DIRECTORY_QUERY_MAX = 200;
/** A person's first or last name. */
export const PERSON_NAME_MAX = 100;
export const PERSON_DISPLAYNAME_MAX = 200;
/** One contact's text (a number, an e-mail, a web address). */
export const CONTACT_TEXT_MAX = 255;
export const CONTACT_LABEL_MAX = 100;
