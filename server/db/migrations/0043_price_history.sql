-- Prices kept beyond rate_history's 24 hours, for the charts: the last price of each hour (kept for 31
-- days) and of each day (kept). `simulated` marks history a demo made up (its backfill of a year), which
-- the charts say; prices the rates really took are never simulated.
CREATE TABLE price_history (
  asset      text NOT NULL REFERENCES assets (code),
  resolution text NOT NULL CHECK (resolution IN ('hour', 'day')),
  at         timestamptz NOT NULL,
  usd        numeric(38, 18) NOT NULL CHECK (usd > 0),
  simulated  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (asset, resolution, at)
);

-- What rate_history holds already, rolled up: each bucket's last price.
INSERT INTO price_history (asset, resolution, at, usd)
SELECT DISTINCT ON (h.asset, g.resolution, date_trunc(g.resolution, h.at, 'UTC'))
       h.asset, g.resolution, date_trunc(g.resolution, h.at, 'UTC'), h.usd
FROM rate_history h CROSS JOIN (VALUES ('hour'), ('day')) AS g (resolution)
ORDER BY h.asset, g.resolution, date_trunc(g.resolution, h.at, 'UTC'), h.at DESC;
