import { hasForbiddenChatCharacters } from './chat-text';

describe('hasForbiddenChatCharacters', () => {
  it.each([
    ['NUL', 'hi\u0000there'],
    ['an ESC sequence', 'red \u001b[31malert\u001b[0m'],
    ['a newline', 'line one\nline two'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control (NEL)', 'a\u0085b'],
    ['the C1 CSI', 'a\u009b31mb'],
    ['the Arabic letter mark U+061C', 'a\u061cb'],
    ['the left-to-right mark U+200E', 'a\u200eb'],
    ['the right-to-left mark U+200F', 'a\u200fb'],
    ['an embedding U+202A', '\u202ac'],
    ['an override U+202E', 'pay \u202eeman'],
    ['isolates U+2066…U+2069', 'a\u2066b\u2069'],
    ['an isolate U+2068', 'a\u2068b'],
  ])('refuses %s', (_label, text) => {
    expect(hasForbiddenChatCharacters(text)).toBe(true);
  });

  it.each([
    ['plain text', 'gl hf'],
    ['accents, Arabic and Hebrew letters', '¡olé! مرحبا שלום'],
    ['emoji (with a zero-width joiner)', 'nice 👨‍👩‍👧 🎉'],
    ['the no-break space U+00A0 (just after the C1 range)', 'a\u00a0b'],
    ['ordinary punctuation', '1-0, gg!'],
  ])('accepts %s', (_label, text) => {
    expect(hasForbiddenChatCharacters(text)).toBe(false);
  });
});
