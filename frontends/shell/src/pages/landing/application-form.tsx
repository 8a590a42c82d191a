import { useEffect } from 'react';
import { ADMISSIONS_MESSAGES, type ApplicationRequest, applicationRequestSchema, COURSE_OPTIONS, type CourseOption, HONEYPOT_FIELD, PHONE_PLACEHOLDER } from '@academy/contracts';
import { FormField, FormSelectField, FormTextareaField, SubmitButton } from '@academy/ui';
import { CONTACT } from './landing-content';
import { HoneypotField } from './honeypot-field';
import { LimitedNotice, usePublicForm } from './public-form';

/** 'Enroll Now' on a course asks for this course; `at` makes a second click on the same course count. */
export interface CourseRequest {
  course: CourseOption;
  at: number;
}

// Every field but the honeypot, which is not shown.
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'course', 'message'] as const;
const EMPTY: ApplicationRequest = { firstName: '', lastName: '', email: '', phone: '', course: '' as CourseOption, message: '', [HONEYPOT_FIELD]: '' };
const COURSES = [{ value: '', label: CONTACT.coursePlaceholder }, ...COURSE_OPTIONS.map((c) => ({ value: c, label: c }))];

/** Spec §5 application form with the admissions schema the API validates with (loaded when the section is near). */
export default function ApplicationForm({ requested }: { requested: CourseRequest | null }) {
  const { form, errors, onSubmit, busy, limited } = usePublicForm(applicationRequestSchema, EMPTY, {
    path: '/api/public/applications',
    fields: FIELDS,
    sent: { title: ADMISSIONS_MESSAGES.applicationSubmittedTitle, description: ADMISSIONS_MESSAGES.applicationSubmittedDescription },
    failedDescription: ADMISSIONS_MESSAGES.applicationFailedDescription,
    onSent: (): void => form.reset(EMPTY),
  });

  useEffect(() => {
    if (!requested) return;
    form.setValue('course', requested.course, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setFocus('firstName');
  }, [requested, form]);

  return (
    <form className="relative grid gap-4" onSubmit={onSubmit} noValidate aria-labelledby="application-form-title">
      <h3 id="application-form-title" className="text-xl font-semibold">
        {CONTACT.formTitle}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" autoComplete="given-name" required registration={form.register('firstName')} error={errors.firstName} />
        <FormField label="Last Name" autoComplete="family-name" required registration={form.register('lastName')} error={errors.lastName} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Email" type="email" autoComplete="email" required registration={form.register('email')} error={errors.email} />
        <FormField label="Phone" type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} required registration={form.register('phone')} error={errors.phone} />
      </div>
      <FormSelectField label="Course" required options={COURSES} registration={form.register('course')} error={errors.course} />
      <FormTextareaField label="Message" rows={4} required registration={form.register('message')} error={errors.message} />
      <HoneypotField registration={form.register(HONEYPOT_FIELD)} />
      <SubmitButton size="lg" busy={busy} busyLabel={ADMISSIONS_MESSAGES.submitting}>{CONTACT.submit}</SubmitButton>
      <LimitedNotice limited={limited} />
    </form>
  );
}
