-- Whether a loyalty code was spent on its owner's own order (decision 086). FastSpring's single-use coupon codes work
-- for any buyer; a code someone else spent earns its owner no new one for a year, so one licence cannot hand out an
-- endless chain of discounts. NULL: not used yet, or used before this column existed.
ALTER TABLE loyalty_code ADD COLUMN is_used_by_owner boolean;
