/**
 * The page's stacking order, above its own content: dialogs (`z-50`, RadixDialog), then toasts
 * (so a dialog's errors stay readable), then an opened menu (a menu someone has just opened is
 * never beneath a toast: its items were, and the pointer resting there paused the toast).
 */
export const TOAST_LAYER = 60;
/** The class of an opened menu's surface (dropdown content and submenus). */
export const MENU_LAYER = "z-70";
