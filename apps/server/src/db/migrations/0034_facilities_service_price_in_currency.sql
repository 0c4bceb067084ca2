-- A facility's service price in its currency's own minor unit (issue 31 item 4), as bookings' amounts since 0028:
-- numeric(12,2) could not hold a dinar's third decimal (KWD 120.125) and wrote yen with two ('150000.00'), which the
-- new booking form copied into a booking's amount.
ALTER TABLE facility_service_details ALTER COLUMN price TYPE numeric;
ALTER TABLE facility_service_details ADD CONSTRAINT facility_service_details_price_max CHECK (price < 1000000000000);
UPDATE facility_service_details SET price = round(price, currency_minor_digits(currency))
 WHERE scale(price) <> currency_minor_digits(currency) AND price = round(price, currency_minor_digits(currency));

-- Every write: a price the currency cannot hold is refused; one it can is written with the currency's decimals.
CREATE FUNCTION facility_service_price_in_currency() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.price <> round(NEW.price, currency_minor_digits(NEW.currency)) THEN
    RAISE EXCEPTION 'price % has more decimals than % has', NEW.price, NEW.currency USING ERRCODE = 'check_violation';
  END IF;
  NEW.price := round(NEW.price, currency_minor_digits(NEW.currency));
  RETURN NEW;
END
$$;
CREATE TRIGGER facility_service_price_in_currency BEFORE INSERT OR UPDATE OF price, currency ON facility_service_details
  FOR EACH ROW EXECUTE FUNCTION facility_service_price_in_currency();
