-- A facility's service price may have a validity (issue 36): the network shows only prices in force on the day of
-- the request, never an expired one. Both ends are optional: a price without valid_to stays until it is changed.
ALTER TABLE facility_service_details ADD COLUMN valid_from date;
ALTER TABLE facility_service_details ADD COLUMN valid_to date;
ALTER TABLE facility_service_details ADD CONSTRAINT facility_service_details_validity CHECK (valid_to IS NULL OR valid_from IS NULL OR valid_to >= valid_from);
