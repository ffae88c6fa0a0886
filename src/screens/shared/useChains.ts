import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Chain, Chains } from '../../../contract/chains';
import { useSystem } from '../../app/context';
import { unwrap } from '../../app/actors/unwrap';
import type { Failure } from '../../../machines/parts/failure';

/** The chains the server serves (`GET /chains`): which are local test nodes, their ids and explorers. */
export function useChains() {
  const { api } = useSystem();
  return useQuery<Chains['chains'], Failure>({
    queryKey: ['chains'],
    queryFn: async ({ signal }) => {
      return (await unwrap(api.listChains({ retry: false, signal }))).chains;
    },
  });
}

/** A chain's name, marked when a local test node serves it, so nobody mistakes it for the real network. */
export function chainName(t: TFunction, chain: Pick<Chain, 'name' | 'local'>): string {
  return chain.local ? t('wallet.localChain', { name: chain.name }) : chain.name;
}
