import type { ComponentType } from 'react';
import { AccountDetailScreen } from './AccountDetailScreen';
import { AccountsScreen } from './AccountsScreen';
import { ActivitiesScreen } from './ActivitiesScreen';
import { ActivityDetailScreen } from './ActivityDetailScreen';
import { BankPayoutScreen } from './BankPayoutScreen';
import { WithdrawScreen } from './WithdrawScreen';

export const screens: Partial<Record<string, ComponentType>> = {
  accounts: AccountsScreen,
  accountDetail: AccountDetailScreen,
  activities: ActivitiesScreen,
  activityDetail: ActivityDetailScreen,
  cryptoWithdraw: WithdrawScreen,
  bankPayout: BankPayoutScreen,
};
