/**
 * Characters a chat message may not contain (the server refuses the whole message):
 * - control characters: C0 (U+0000–U+001F: NUL, ESC that starts terminal escape sequences, newlines, tabs), DEL
 *   (U+007F) and C1 (U+0080–U+009F, e.g. the one-character CSI U+009B): they do nothing a chat line needs and can
 *   restyle or garble the screen of whoever reads the message in a log or terminal;
 * - the text-direction marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E,
 *   U+2066–U+2069): they make a message display as something other than what was typed (e.g. a reversed amount or
 *   a spoofed name).
 */
// eslint-disable-next-line no-control-regex
export const CHAT_FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** True when the chat text holds a character of CHAT_FORBIDDEN_CHARACTERS. */
export function hasForbiddenChatCharacters(text: string): boolean {
  return CHAT_FORBIDDEN_CHARACTERS.test(text);
}
