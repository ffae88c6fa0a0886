import { describe, expect, it } from 'vitest';
import { routeGuardModel } from '../models/routeGuard.model';
import { navigationTarget } from '../../src/routes/target';

// The model may not import the route table (machines/ stays pure), so its navigations are written out;
// this keeps them equal to what the app computes for the same URL.
describe('route guard model fixtures', () => {
  it.each(Object.entries(routeGuardModel.events.NAVIGATED))('%s is what the app sees', (_, { target }) => {
    const url = new URL(target.path + target.search, 'https://app.example');
    expect(target).toEqual(navigationTarget(url, target.hasAuthToken));
  });
});
