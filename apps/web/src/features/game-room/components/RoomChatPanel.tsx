import { EMOTES, LIMITS, type ChatMessageDto, type EmoteId, type RealtimeErrorDto } from '@skillduel/contracts';
import { MessageSquare } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toast';
import { realtimeErrorText } from '../../rooms/messages';
import { useChatDrawer } from './useChatDrawer';

function timeOfDay(timestamp: string, language: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(date);
}

/**
 * The game room's chat side panel (docs/product/rooms-and-matches.md#chat) with the ten emotes, for live rooms
 * (messages relayed by the server: the last 50 from the join, then `chat:message` events) and practice (ChatPanel keeps
 * them locally). Guests cannot chat: the input is disabled ('Sign up to chat'), sending answers 'Sign up to chat with
 * other players!' and an emote 'Sign up to use emotes!', nothing is sent. Refusals from the server (rate limits…) are
 * shown too. On phones a drawer that keeps the game usable above it (useChatDrawer).
 */
export function RoomChatPanel({
  messages,
  ownUserId,
  isGuest,
  onSend,
  onEmote,
}: {
  messages: readonly ChatMessageDto[];
  ownUserId: string | null;
  isGuest: boolean;
  onSend: (message: string) => Promise<RealtimeErrorDto | null>;
  onEmote: (emote: EmoteId) => Promise<RealtimeErrorDto | null>;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [expanded, setExpanded] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  useChatDrawer(panelRef, expanded);

  const showRefusal = (error: RealtimeErrorDto | null) => {
    if (error) toast.error(realtimeErrorText(t, error), `chat-${error.code}`);
  };

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isGuest) {
      toast.error(t('gameRoom.chat.guestChat'), 'guest-chat');
      return;
    }
    const message = draft.trim();
    if (message === '') return; // an empty or whitespace-only message is ignored
    setDraft('');
    void onSend(message.slice(0, LIMITS.chatMessageMaxLength)).then((error) => {
      if (!error) return;
      showRefusal(error);
      setDraft((current) => (current === '' ? message : current));
    });
  };

  const sendEmote = (emote: EmoteId) => {
    if (isGuest) {
      toast.error(t('gameRoom.chat.guestEmote'), 'guest-emote');
      return;
    }
    void onEmote(emote).then(showRefusal);
  };

  return (
    <aside
      ref={panelRef}
      className="card gr-chat"
      aria-labelledby={titleId}
      data-expanded={expanded}
      data-testid="chat-panel"
    >
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
        {/* Focusable: it scrolls, and keyboard users must be able to scroll it. role=log announces new messages. */}
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
              {messages.map((entry) => {
                const isOwn = ownUserId !== null && entry.user_id === ownUserId;
                return (
                  <li
                    key={entry.id}
                    className={`gr-chat-message${entry.isEmote ? ' gr-chat-emote' : ''}${isOwn ? ' gr-chat-own' : ''}`}
                    data-testid="chat-message"
                    data-own={isOwn}
                    data-emote={entry.isEmote}
                  >
                    <span className="gr-chat-author">{entry.username}</span>{' '}
                    <time className="muted small" dateTime={entry.timestamp}>
                      {timeOfDay(entry.timestamp, i18n.language)}
                    </time>
                    <p className="gr-chat-text">
                      {entry.isEmote && entry.emote ? (
                        <span role="img" aria-label={t(`gameRoom.emotes.${entry.emote}`)}>
                          {entry.message}
                        </span>
                      ) : (
                        entry.message
                      )}
                    </p>
                  </li>
                );
              })}
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
                onClick={() => sendEmote(emote.id)}
                data-testid="emote"
                data-emote={emote.id}
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
          {/* A guest's Send looks disabled like the input, yet still says why when pressed. */}
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={isGuest || undefined}
            data-testid="chat-send"
          >
            {t('gameRoom.chat.send')}
          </button>
        </form>
      </div>
    </aside>
  );
}
