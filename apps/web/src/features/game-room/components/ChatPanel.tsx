import { EMOTES, LIMITS } from '@skillduel/contracts';
import { MessageSquare } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toast';

/** SPEC §3 Chat message. In practice there is no server chat, so messages live in this panel only. */
export interface ChatMessage {
  readonly id: string;
  readonly username: string;
  readonly message: string;
  /** ISO 8601. */
  readonly timestamp: string;
  readonly isOwn: boolean;
  readonly isEmote: boolean;
}

function timeOfDay(timestamp: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(timestamp));
}

/**
 * The game room's chat side panel (SPEC §2, §5) with the ten emotes. Guests cannot chat: the input is disabled
 * with 'Sign up to chat', and sending or an emote answers with the spec's sign-up message. Live chat arrives with
 * rooms (PRODUCT §6); this panel then takes its messages from the socket. Collapsible on phones.
 */
export function ChatPanel({ isGuest, username }: { isGuest: boolean; username: string }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const inputId = useId();
  const nextId = useRef(0);
  const [messages, setMessages] = useState<readonly ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [expanded, setExpanded] = useState(false);

  const post = (message: string, isEmote: boolean) => {
    nextId.current += 1;
    const entry: ChatMessage = {
      id: `local-${nextId.current}`,
      username,
      message,
      timestamp: new Date().toISOString(),
      isOwn: true,
      isEmote,
    };
    setMessages((current) => [...current, entry].slice(-LIMITS.chatHistoryKept));
  };

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isGuest) {
      toast.error(t('gameRoom.chat.guestChat'), 'guest-chat');
      return;
    }
    const message = draft.trim();
    if (message === '') return; // SPEC §5: empty or whitespace is ignored.
    post(message.slice(0, LIMITS.chatMessageMaxLength), false);
    setDraft('');
  };

  const sendEmote = (symbol: string) => {
    if (isGuest) {
      toast.error(t('gameRoom.chat.guestEmote'), 'guest-emote');
      return;
    }
    post(symbol, true);
  };

  return (
    <aside className="card gr-chat" aria-labelledby={titleId} data-expanded={expanded} data-testid="chat-panel">
      <div className="gr-chat-head">
        <h2 id={titleId}>{t('gameRoom.chat.title')}</h2>
        <button
          type="button"
          className="icon-button gr-chat-toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={expanded ? t('gameRoom.chat.hide') : t('gameRoom.chat.show')}
          onClick={() => setExpanded((open) => !open)}
        >
          <MessageSquare aria-hidden="true" size={18} />
        </button>
      </div>
      <div id={bodyId} className="gr-chat-body">
        {/* Focusable: it scrolls, and keyboard users must be able to scroll it. */}
        <div
          className="gr-chat-log"
          role="log"
          aria-label={t('gameRoom.chat.messagesLabel')}
          tabIndex={0}
          data-testid="chat-log"
        >
          {messages.length === 0 ? (
            <p className="muted small">{t('gameRoom.chat.empty')}</p>
          ) : (
            <ul>
              {messages.map((entry) => (
                <li key={entry.id} className={`gr-chat-message${entry.isEmote ? ' gr-chat-emote' : ''}`}>
                  <span className="gr-chat-author">{entry.username}</span>{' '}
                  <time className="muted small" dateTime={entry.timestamp}>
                    {timeOfDay(entry.timestamp, i18n.language)}
                  </time>
                  <p className="gr-chat-text">{entry.message}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="gr-emotes" role="group" aria-label={t('gameRoom.chat.emotesLabel')}>
          {EMOTES.map((emote) => {
            const name = t(`gameRoom.emotes.${emote.id}`);
            return (
              <button
                key={emote.id}
                type="button"
                className="gr-emote"
                aria-label={t('gameRoom.chat.sendEmote', { emote: name })}
                title={name}
                onClick={() => sendEmote(emote.symbol)}
                data-testid="emote"
              >
                <span aria-hidden="true">{emote.symbol}</span>
              </button>
            );
          })}
        </div>
        <form className="gr-chat-form" onSubmit={send}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('gameRoom.chat.messageLabel')}
          </label>
          <input
            id={inputId}
            className="gr-chat-input"
            type="text"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={LIMITS.chatMessageMaxLength}
            disabled={isGuest}
            placeholder={isGuest ? t('gameRoom.chat.guestPlaceholder') : t('gameRoom.chat.placeholder')}
            autoComplete="off"
            data-testid="chat-input"
          />
          <button type="submit" className="button button-primary">
            {t('gameRoom.chat.send')}
          </button>
        </form>
      </div>
    </aside>
  );
}
