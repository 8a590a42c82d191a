import { useState } from 'react';
import { z } from 'zod';
import { Pencil, Trash2 } from 'lucide-react';
import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_MESSAGES,
  type Announcement,
  type AnnouncementAudienceRequest,
  type AnnouncementAudiences,
  editAnnouncementRequestSchema,
} from '@academy/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, FormSelectField, FormTextareaField, SubmitButton } from '@academy/ui';
import { useCommand, useCommandForm } from '@academy/web-session';
import { useAnnouncementAudiencesQuery, useEditAnnouncementMutation, useManagedAnnouncementsQuery, usePostAnnouncementMutation, useWithdrawAnnouncementMutation } from '../api/announcements';
import { ConfirmDialog } from '../confirm-dialog';
import { SaveOrCancel } from '../form-dialog';
import { PageHeader } from '../page-header';
import { QueryView } from '../query-view';
import { announcementByline } from './pinned-announcements';

type Kind = AnnouncementAudiences['kinds'][number];

// The form's shape: the contract's title and body (same limits and messages as the API), plus the
// audience as two plain fields a <select> can hold; it becomes the API's audience on submit.
export const postFormSchema = editAnnouncementRequestSchema
  .extend({ kind: z.enum(['subject', 'my_subjects', 'everyone', 'program', 'staff'], { error: 'Choose who receives it' }), targetId: z.string() })
  .superRefine((v, ctx) => {
    if (v.kind === 'subject' && !v.targetId) ctx.addIssue({ code: 'custom', path: ['targetId'], message: 'Choose a subject' });
    if (v.kind === 'program' && !v.targetId) ctx.addIssue({ code: 'custom', path: ['targetId'], message: 'Choose a program' });
  });
type PostForm = z.input<typeof postFormSchema>;

export function audienceOf(kind: Kind, targetId: string): AnnouncementAudienceRequest {
  if (kind === 'subject') return { kind, subjectId: targetId };
  if (kind === 'program') return { kind, programId: targetId };
  return { kind };
}

const counter = (value: string | undefined, max: number) => `${(value ?? '').length}/${max} characters`;

function PostAnnouncementForm({ audiences }: { audiences: AnnouncementAudiences }) {
  const post = usePostAnnouncementMutation();
  const defaults: PostForm = { title: '', body: '', kind: audiences.kinds[0] ?? 'everyone', targetId: '' };
  // What the user typed stays in the form on failure; the server's field messages go under their fields.
  const send = useCommandForm(postFormSchema, defaults, (values) => post.mutateAsync({ title: values.title, body: values.body, audience: audienceOf(values.kind as Kind, values.targetId) }), {
    success: ANNOUNCEMENT_MESSAGES.posted,
    failure: 'Failed to post announcement',
    fields: ['title', 'body'],
    onSuccess: (_answer, values): void => send.form.reset({ ...defaults, kind: values.kind, targetId: values.targetId }),
  });
  const { form, errors } = send;
  const kind = form.watch('kind') as Kind;
  const targets =
    kind === 'subject'
      ? audiences.subjects.map((s) => ({ value: s.id, label: s.programName ? `${s.name} (${s.programName})` : s.name }))
      : kind === 'program'
        ? audiences.programs.map((p) => ({ value: p.id, label: p.name }))
        : null;
  return (
    <form className="grid gap-4" onSubmit={send.onSubmit} noValidate aria-label="New announcement">
      <FormSelectField
        label="Audience"
        required
        options={audiences.kinds.map((k) => ({ value: k, label: ANNOUNCEMENT_AUDIENCE_LABELS[k] }))}
        registration={form.register('kind', { onChange: () => form.setValue('targetId', '') })}
        error={errors.kind}
      />
      {targets && (
        <FormSelectField
          label={kind === 'subject' ? 'Subject' : 'Program'}
          required
          options={[{ value: '', label: kind === 'subject' ? 'Choose a subject' : 'Choose a program' }, ...targets]}
          registration={form.register('targetId')}
          error={errors.targetId}
        />
      )}
      <FormField label="Title" autoComplete="off" required maxLength={ANNOUNCEMENT_LIMITS.title} registration={form.register('title')} error={errors.title} />
      <FormTextareaField label="Message" required rows={5} hint={counter(form.watch('body'), ANNOUNCEMENT_LIMITS.body)} registration={form.register('body')} error={errors.body} />
      <SubmitButton className="w-fit" busy={send.busy} busyLabel="Posting...">Post announcement</SubmitButton>
    </form>
  );
}

function EditAnnouncementForm({ announcement, onDone }: { announcement: Announcement; onDone: () => void }) {
  const edit = useEditAnnouncementMutation();
  const save = useCommandForm(editAnnouncementRequestSchema, { title: announcement.title, body: announcement.body }, (values) => edit.mutateAsync({ id: announcement.id, ...values }), {
    success: ANNOUNCEMENT_MESSAGES.edited,
    failure: 'Failed to update announcement',
    onSuccess: onDone,
  });
  const { form, errors } = save;
  return (
    <form className="grid gap-3" onSubmit={save.onSubmit} noValidate aria-label={`Edit ${announcement.title}`}>
      <FormField label="Title" autoComplete="off" required maxLength={ANNOUNCEMENT_LIMITS.title} registration={form.register('title')} error={errors.title} />
      <FormTextareaField label="Message" required rows={5} registration={form.register('body')} error={errors.body} />
      <SaveOrCancel busy={save.busy} label="Save" onCancel={onDone} />
    </form>
  );
}

function ManagedAnnouncement({ announcement: a }: { announcement: Announcement }) {
  const [editing, setEditing] = useState(false);
  const withdraw = useWithdrawAnnouncementMutation();
  const withdrawIt = useCommand(withdraw.mutateAsync, { success: ANNOUNCEMENT_MESSAGES.withdrawn, failure: 'Failed to withdraw announcement' });
  const live = a.withdrawnAt === null;
  return (
    <Card className={live ? undefined : 'opacity-80'}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h3>{a.title}</h3>
          {!live && <Badge variant="secondary">Withdrawn</Badge>}
        </CardTitle>
        <CardDescription>
          {announcementByline(a)} · {a.recipients === 1 ? '1 recipient' : `${a.recipients} recipients`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {editing ? <EditAnnouncementForm announcement={a} onDone={() => setEditing(false)} /> : <p className="whitespace-pre-wrap break-words">{a.body}</p>}
        {live && !editing && (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${a.title}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <ConfirmDialog
              trigger={{ icon: Trash2, label: 'Withdraw', variant: 'outline', size: 'sm', 'aria-label': `Withdraw ${a.title}` }}
              title="Withdraw this announcement?"
              description="It disappears from every recipient's dashboard. Mails already sent cannot be recalled."
              confirmLabel="Withdraw"
              busyLabel="Withdrawing..."
              destructive
              onConfirm={() => withdrawIt.run(a.id)}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Announcements (teacher, admin, student admin): post to an audience, and edit or withdraw past posts. */
export function AnnouncementsPage() {
  const audiences = useAnnouncementAudiencesQuery();
  const posts = useManagedAnnouncementsQuery();
  return (
    <>
      <PageHeader title="Announcements" description="Tell a class, a program, the staff or everyone: posts are pinned on their dashboards, shown in the bell and mailed." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="content-start">
          <CardHeader>
            <CardTitle>
              <h2>New announcement</h2>
            </CardTitle>
            <CardDescription>Recipients are the audience's members when you post.</CardDescription>
          </CardHeader>
          <CardContent>
            <QueryView query={audiences} pending="Loading audiences…" error="The audiences could not be loaded." compact>
              {(data) => <PostAnnouncementForm audiences={data} />}
            </QueryView>
          </CardContent>
        </Card>
        <section aria-labelledby="posted-announcements" className="flex flex-col gap-3">
          <h2 id="posted-announcements" className="text-lg font-semibold">
            Posted
          </h2>
          <QueryView query={posts} pending="Loading announcements…" error="Announcements could not be loaded." compact>
            {({ announcements }) =>
              announcements.length === 0 ? (
                <p className="text-muted-foreground">{ANNOUNCEMENT_MESSAGES.empty}</p>
              ) : (
                <ul className="grid gap-3" aria-label="Your announcements">
                  {announcements.map((a) => (
                    <li key={a.id}>
                      <ManagedAnnouncement announcement={a} />
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        </section>
      </div>
    </>
  );
}
