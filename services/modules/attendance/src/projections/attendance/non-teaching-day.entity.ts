import { defineEntity, p } from '@mikro-orm/core';

/** `non_teaching_days`: the academy's holidays (filled public holidays and the admin's own). */
export const NonTeachingDay = defineEntity({
  name: 'NonTeachingDay',
  tableName: 'non_teaching_days',
  properties: { date: p.text().primary(), name: p.text(), year: p.integer().index('non_teaching_days_year_idx') },
});

/** `filled_years`: the years whose public holidays were filled. */
export const FilledYear = defineEntity({ name: 'FilledYear', tableName: 'filled_years', properties: { year: p.integer().primary() } });
