import type { GameId } from '@skillduel/contracts';
import type {
  ColorMatchView,
  MemoryMasterView,
  NumberRushView,
  PatternProView,
  PlayerView,
  QuickClickView,
  ReactionTimeView,
  WordWizardView,
} from '@skillduel/games';
import { useTranslation } from 'react-i18next';
import type { InputFeedback, InputNotice } from '../practiceMatch';
import { ColorMatchGame } from './ColorMatchGame';
import { MemoryMasterGame } from './MemoryMasterGame';
import { NumberRushGame } from './NumberRushGame';
import { PatternProGame } from './PatternProGame';
import { QuickClickGame } from './QuickClickGame';
import { ReactionTimeGame } from './ReactionTimeGame';
import { WordWizardGame } from './WordWizardGame';

/**
 * Picks the game's component. The engine is held by a runtime id, so its view's game part is `unknown` here; the
 * engine for `engineId` produced it, which is what each narrowing below relies on.
 */
function GameForId({
  engineId,
  game,
  onInput,
  feedback,
}: {
  engineId: GameId;
  game: unknown;
  onInput: (input: unknown) => void;
  feedback: InputFeedback | null;
}) {
  const common = { onInput, feedback };
  switch (engineId) {
    case 'quick-click':
      return <QuickClickGame view={game as QuickClickView} {...common} />;
    case 'number-rush':
      return <NumberRushGame view={game as NumberRushView} {...common} />;
    case 'memory-master':
      return <MemoryMasterGame view={game as MemoryMasterView} {...common} />;
    case 'pattern-pro':
      return <PatternProGame view={game as PatternProView} {...common} />;
    case 'word-wizard':
      return <WordWizardGame view={game as WordWizardView} {...common} />;
    case 'reaction-time':
      return <ReactionTimeGame view={game as ReactionTimeView} {...common} />;
    case 'color-match':
      return <ColorMatchGame view={game as ColorMatchView} {...common} />;
  }
}

/** The running game plus a small notice when the engine turns an input down (too fast, not yet). */
export function GameBoard({
  engineId,
  view,
  onInput,
  feedback,
  notice,
}: {
  engineId: GameId;
  view: PlayerView<unknown>;
  onInput: (input: unknown) => void;
  feedback: InputFeedback | null;
  notice: InputNotice | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="gr-board" data-testid="game-board" data-game-id={engineId}>
      <h2 className="visually-hidden">{t('gameRoom.game.label')}</h2>
      <GameForId engineId={engineId} game={view.game} onInput={onInput} feedback={feedback} />
      <p className="gr-notice" role="status" data-testid="input-notice">
        {notice === null
          ? ''
          : notice.reason === 'too_fast'
            ? t('gameRoom.notices.tooFast')
            : t('gameRoom.notices.notReady')}
      </p>
    </div>
  );
}
