-- What the customer asked a quote for (issue 12): which side they typed and the amount as typed. A
-- confirmation refused because the quote ran out or was used answers with a fresh quote for exactly
-- that ask; `amount_in` alone would turn "get 0.01 BTC" into "pay what it cost then".
ALTER TABLE quotes ADD COLUMN side text NOT NULL DEFAULT 'in' CHECK (side IN ('in', 'out'));
ALTER TABLE quotes ADD COLUMN asked numeric(38, 18);
UPDATE quotes SET asked = amount_in;
ALTER TABLE quotes ALTER COLUMN asked SET NOT NULL;
ALTER TABLE quotes ALTER COLUMN side DROP DEFAULT;
