import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { useLocalize } from '../../app/context';
import type { RouteHandle } from '../../routes';
import { pathOf, routeById } from '../../routes/table';
import { Icon } from '../../ui/Icon';
import { ListRow, ListRows } from '../../ui/ListRow';

/** A list of places this screen leads to, each with its title and what it is for. */
export function RouteLinks({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  if (ids.length === 0) return null;
  return (
    <ListRows>
      {ids.map((id) => (
        <ListRow
          key={id}
          label={t(`screens.${id}.title`)}
          hint={t(`screens.${id}.lead`)}
          end={<Icon name="chevron" />}
          link={(content) => <Link to={localize(pathOf(id))}>{content}</Link>}
        />
      ))}
    </ListRows>
  );
}

/**
 * The screen of a route whose own content a later issue builds: what the screen is for and where the
 * customer can go from here — no invented data, no buttons that do nothing.
 */
export function RouteScreen() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  if (!handle?.routeId) return null;
  const route = routeById(handle.routeId);
  return (
    <>
      <p className="page-lead" data-testid="screen-lead">
        {t(`screens.${route.id}.lead`)}
      </p>
      <RouteLinks ids={route.links ?? []} />
    </>
  );
}
