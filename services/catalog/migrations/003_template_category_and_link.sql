-- Up Migration

-- Spec 2 §5: a template's category is any text of 1-50 characters (the Add Template dialog keeps
-- its ten), and its URL is optional: a template may have a URL, a file or neither (spec 2 §2: its
-- card shows the button disabled), never both.
ALTER TABLE templates DROP CONSTRAINT templates_category_check;
ALTER TABLE templates ADD CONSTRAINT templates_category_check CHECK (char_length(category) BETWEEN 1 AND 50);
ALTER TABLE templates DROP CONSTRAINT templates_check;
ALTER TABLE templates ADD CONSTRAINT templates_link_or_file_check CHECK (num_nonnulls(url, file_name) <= 1);

-- Down Migration

-- The former rules for new rows only (NOT VALID): templates stored under the new ones are kept.
ALTER TABLE templates DROP CONSTRAINT templates_link_or_file_check;
ALTER TABLE templates ADD CONSTRAINT templates_check CHECK (num_nonnulls(url, file_name) = 1) NOT VALID;
ALTER TABLE templates DROP CONSTRAINT templates_category_check;
ALTER TABLE templates ADD CONSTRAINT templates_category_check CHECK (category IN ('Forecasting Models', 'Scheduling Templates',
  'RTA Dashboards', 'Capacity Planning', 'Shrinkage Analysis', 'Performance Reports', 'Budget Planning', 'Staff Planning',
  'Data Analysis', 'Process Documentation')) NOT VALID;
