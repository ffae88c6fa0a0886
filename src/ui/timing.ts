/** The kit's interaction timings (docs/design.md#timings), named once for the kit and its tests. */

/** A tooltip shows after the pointer or focus rests this long on its anchor… */
export const TOOLTIP_SHOW_DELAY_MS = 200;
/** …and goes this long after they leave, so moving onto the tooltip itself keeps it. */
export const TOOLTIP_HIDE_DELAY_MS = 150;
/** Gap between a tooltip and its anchor. */
export const TOOLTIP_OFFSET_PX = 5;
/** An open menu hides this long after the pointer leaves it and its button. */
export const MENU_HIDE_DELAY_MS = 400;
/** How long "Copied" stays next to a copy button. */
export const COPIED_NOTICE_MS = 2000;
