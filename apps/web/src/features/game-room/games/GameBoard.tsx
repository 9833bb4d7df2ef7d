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
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithPreload } from '../../../app/lazyWithPreload';
import { Spinner } from '../../../app/ui/Spinner';
import type { InputFeedback, InputNotice } from '../practiceMatch';

// Each game's screen is its own chunk, fetched for the game being played (docs/decisions/1301).
const QuickClickGame = lazyWithPreload(() => import('./QuickClickGame').then((module) => module.QuickClickGame));
const NumberRushGame = lazyWithPreload(() => import('./NumberRushGame').then((module) => module.NumberRushGame));
const MemoryMasterGame = lazyWithPreload(() => import('./MemoryMasterGame').then((module) => module.MemoryMasterGame));
const PatternProGame = lazyWithPreload(() => import('./PatternProGame').then((module) => module.PatternProGame));
const WordWizardGame = lazyWithPreload(() => import('./WordWizardGame').then((module) => module.WordWizardGame));
const ReactionTimeGame = lazyWithPreload(() => import('./ReactionTimeGame').then((module) => module.ReactionTimeGame));
const ColorMatchGame = lazyWithPreload(() => import('./ColorMatchGame').then((module) => module.ColorMatchGame));

const GAMES: Record<GameId, { preload(): Promise<void> }> = {
  'quick-click': QuickClickGame,
  'number-rush': NumberRushGame,
  'memory-master': MemoryMasterGame,
  'pattern-pro': PatternProGame,
  'word-wizard': WordWizardGame,
  'reaction-time': ReactionTimeGame,
  'color-match': ColorMatchGame,
};

/** Fetches a game's screen ahead of play (rooms call it while waiting), so the countdown does not end on a spinner. */
export function preloadGame(engineId: GameId): void {
  // A failed fetch is tried again when the game renders.
  GAMES[engineId].preload().catch(() => undefined);
}

/** Fetches every game's screen (tests do, so games render at once). */
export function preloadGames(): Promise<void> {
  return Promise.all(Object.values(GAMES).map((game) => game.preload())).then(() => undefined);
}

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
      <Suspense fallback={<Spinner label={t('gameRoom.loading')} />}>
        <GameForId engineId={engineId} game={view.game} onInput={onInput} feedback={feedback} />
      </Suspense>
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
