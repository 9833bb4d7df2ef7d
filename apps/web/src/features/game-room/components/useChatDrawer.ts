import { useLayoutEffect, type RefObject } from 'react';

/** Set on the document while a phone's chat drawer is open: how much of the viewport's bottom it covers, in px. */
const CHAT_DRAWER_CLEARANCE_VAR = '--chat-drawer-clearance';

/** Space kept between the game and the drawer (and the top bar). */
const GAP_PX = 8;

/**
 * Scrolls the page so that `stage` sits between the top bar and `limitY` (the drawer's top). A stage taller than that
 * band keeps its top in sight: the task is shown there and the answer field follows it.
 */
function keepAbove(stage: HTMLElement, limitY: number): void {
  const chromeTop = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--chrome-top')) || 0;
  const minTop = chromeTop + GAP_PX;
  const rect = stage.getBoundingClientRect();
  const scrollDown = rect.bottom - limitY;
  if (scrollDown > 0) window.scrollBy(0, Math.min(scrollDown, rect.top - minTop));
  else if (rect.top < minTop) window.scrollBy(0, rect.top - minTop);
}

/**
 * On a phone the chat is a drawer over the lower part of the screen, and the game must stay usable while
 * it is open. While open, this keeps `--chat-drawer-clearance` on the document (the game room pads its end by it, so
 * the game can scroll above the drawer, and the page's scroll padding keeps what takes focus — the answer field — out
 * from under it) and scrolls the game's stage into the band between the top bar and the drawer: when the drawer
 * opens and whenever the stage changes size (the board replacing the waiting screen, the result replacing the board).
 * Nothing happens on a wide screen, where the chat is a side panel.
 */
export function useChatDrawer(panelRef: RefObject<HTMLElement | null>, expanded: boolean): void {
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!expanded || !panel || getComputedStyle(panel).position !== 'fixed') return;
    const root = document.documentElement;
    const stage = panel.closest('.game-room')?.querySelector<HTMLElement>('.gr-stage') ?? null;
    const update = () => {
      const drawerTop = panel.getBoundingClientRect().top;
      root.style.setProperty(CHAT_DRAWER_CLEARANCE_VAR, `${Math.ceil(window.innerHeight - drawerTop + GAP_PX)}px`);
      if (stage) keepAbove(stage, drawerTop - GAP_PX);
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(panel);
    if (stage) observer?.observe(stage);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(CHAT_DRAWER_CLEARANCE_VAR);
    };
  }, [panelRef, expanded]);
}
