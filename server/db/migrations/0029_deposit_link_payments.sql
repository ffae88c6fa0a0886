-- Which transactions paid which deposit link (issue 13, "Pay from a wallet"): the wallet page reports the
-- transaction it sent; the watcher credits the deposit as any other, and the link reads what arrived
-- through these rows (paid, underpaid with the remainder, or overpaid). A transaction pays one link at
-- most; a report of a transaction that is no deposit to the link's address counts for nothing.

CREATE TABLE deposit_link_payments (
  link_id     uuid NOT NULL REFERENCES deposit_links (id) ON DELETE CASCADE,
  network     text NOT NULL,
  tx_hash     text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  reported_at timestamptz NOT NULL,
  PRIMARY KEY (network, tx_hash)
);
CREATE INDEX deposit_link_payments_link_idx ON deposit_link_payments (link_id);
