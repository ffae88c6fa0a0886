import { createContext } from 'react';

/**
 * Whether the customer hides balances: every `Money` under it shows the mask. The app provides the
 * flag (src/app/AppRoot.tsx); amounts being typed (AmountInput) are never masked. A module of its own,
 * so the app's entry does not load the money components with it.
 */
export const HiddenAmountsContext = createContext(false);
