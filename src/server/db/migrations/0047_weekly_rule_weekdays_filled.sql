-- A weekly send's one weekday becomes its list of weekdays.
UPDATE "recurring_sends" SET "weekdays" = ARRAY["weekday"]::smallint[] WHERE cardinality("weekdays") = 0;
