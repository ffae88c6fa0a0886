import { endpoint } from './define';
import { chainsSchema } from '../chains';

/** The EVM chains the server runs with; public, for the wallet page that pays a link while signed out. */
export const chainsEndpoints = {
  listChains: endpoint('GET', '/chains', undefined, chainsSchema, {
    summary:
      'The four EVM chains as this server runs them: in demo mode local development nodes (`local: true`, chain ids 31337–31340, RPC on 127.0.0.1), otherwise mainnet ids with the configured RPC endpoints; with each chain the watched token contracts and the confirmations a deposit needs.',
    auth: 'none',
  }),
};
