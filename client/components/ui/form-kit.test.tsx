// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { ErrorSummary, FormAlert } from './form-alert';
import { CheckboxField, Choice, FieldGroup } from './form-choice';
import { Field, Input } from './form-field';
import { checkResolver, contractResolver, useFormKit } from './use-form-kit';

afterEach(cleanup);

describe('Field', () => {
  it('labels its control and describes it with its hint', () => {
    render(
      <Field label="Phone number" hint="Include the area code.">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    expect(input).toHaveAccessibleDescription('Include the area code.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks its control invalid and describes it with the hint, then the error', () => {
    render(
      <Field label="Phone number" hint="Include the area code." error="Phone number is required">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Include the area code. Phone number is required');
    // Not an alert: focus brings the reader to it (see the form tests below).
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets an error take the place of its hint, and announces one that asks for it', () => {
    render(
      <Field
        label="Email address"
        hint="We send them the link."
        error="Required"
        errorReplacesHint
        announce
      >
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input).toHaveAccessibleDescription('Required');
    expect(screen.queryByText('We send them the link.')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Required');
  });

  it('keeps a description the control has of its own', () => {
    render(
      <>
        <p id="extra">Shown in US dollars.</p>
        <Field label="Price" error="Price must be a number">
          <Input aria-describedby="extra" />
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveAccessibleDescription(
      'Price must be a number Shown in US dollars.',
    );
  });
});

describe('CheckboxField and FieldGroup', () => {
  it('a checkbox is named by its label and described by its error', () => {
    render(<CheckboxField label="I agree to the privacy policy" error="You must agree" required />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the privacy policy' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('You must agree');
  });

  it('a group is named by its legend and described by its hint and error', () => {
    render(
      <FieldGroup legend="How should we contact you?" hint="One of three." error="Choose one">
        <Choice type="radio" name="contact" label="E-mail" />
        <Choice type="radio" name="contact" label="Both" />
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'How should we contact you?' });
    expect(group).toHaveAccessibleDescription('One of three. Choose one');
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: 'Both' })).toBeInTheDocument();
  });
});

describe('FormAlert and ErrorSummary', () => {
  it('is an alert only while it has something to say', () => {
    const { rerender } = render(<FormAlert>{null}</FormAlert>);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormAlert title="Signup failed">Something went wrong. Please try again.</FormAlert>);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Signup failedSomething went wrong. Please try again.',
    );
  });

  it('links each error to its field, and following a link focuses the field', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Field label="Last name" id="last-name" error="At most 100 characters">
          <Input />
        </Field>
        <FormAlert title="Signup failed">
          <ErrorSummary
            title="Please check:"
            errors={[{ name: 'lastName', label: 'Last name', message: 'At most 100 characters' }]}
            targetId={() => 'last-name'}
          />
        </FormAlert>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Last name: At most 100 characters' });
    expect(link).toHaveAttribute('href', '#last-name');
    await user.click(link);
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveFocus();
  });

  it('hands the choice to onSelect when the field must be shown first', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <ErrorSummary
        title="Please check:"
        errors={[{ name: 'phone', label: 'Phone number', message: 'Phone number is required' }]}
        targetId={(name) => `field-${name}`}
        onSelect={onSelect}
      />,
    );
    await user.click(screen.getByRole('link', { name: /^Phone number/ }));
    expect(onSelect).toHaveBeenCalledWith('phone');
  });
});

// ------------------------------------------------------------------------------ a form with the kit

const tripSchema = z
  .object({
    title: z.string().trim().min(1, 'Trip title is required'),
    startDate: z.string(),
    endDate: z.string(),
  })
  .refine((trip) => !trip.startDate || !trip.endDate || trip.startDate <= trip.endDate, {
    message: 'End date must not be before the start date',
    path: ['endDate'],
  });
type TripValues = z.input<typeof tripSchema>;

function TripForm({
  onValid,
  serverError,
}: {
  onValid: (values: z.output<typeof tripSchema>) => void;
  /** What the server answers when the form is sent. */
  serverError?: unknown;
}) {
  const form = useFormKit<TripValues, z.output<typeof tripSchema>>({
    defaultValues: { title: '', startDate: '', endDate: '' },
    resolver: contractResolver(tripSchema),
    clearsAlso: { startDate: ['endDate'] },
  });
  return (
    <form
      id={form.scopeId}
      noValidate
      onSubmit={form.submit((values) => {
        if (serverError) form.showServerErrors(serverError);
        else onValid(values);
      })}
    >
      <Field label="Trip Title" error={form.errorOf('title')}>
        <Input {...form.register('title')} />
      </Field>
      <Field label="Start Date" error={form.errorOf('startDate')}>
        <Input {...form.register('startDate')} />
      </Field>
      <Field label="End Date" error={form.errorOf('endDate')}>
        <Input {...form.register('endDate')} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('useFormKit', () => {
  it('shows the contract’s message beside the field and focuses the first invalid one', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<TripForm onValid={onValid} />);
    await user.type(field('Start Date'), '2027-03-10');
    await user.type(field('End Date'), '2027-03-05');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Focus moves once the errors are on screen, so the error is read with the field.
    await waitFor(() => expect(field('Trip Title')).toHaveFocus());
    expect(field('Trip Title')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Trip Title')).toHaveAccessibleDescription('Trip title is required');
    expect(field('End Date')).toHaveAccessibleDescription(
      'End date must not be before the start date',
    );
    expect(onValid).not.toHaveBeenCalled();
  });

  it('clears a field’s error when it changes, and those checked against it', async () => {
    const user = userEvent.setup();
    render(<TripForm onValid={vi.fn()} />);
    await user.type(field('Start Date'), '2027-03-10');
    await user.type(field('End Date'), '2027-03-05');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Trip Title')).toHaveFocus());

    await user.type(field('Trip Title'), 'L');
    expect(field('Trip Title')).not.toHaveAttribute('aria-invalid');
    expect(field('End Date')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Start Date'), '1');
    expect(field('End Date')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('End date must not be before the start date')).toBeNull();
  });

  it('submits what the schema parsed', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<TripForm onValid={onValid} />);
    await user.type(field('Trip Title'), '  Lisbon in spring ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      title: 'Lisbon in spring',
      startDate: '',
      endDate: '',
    });
  });

  it('puts a server field error on its field, and focuses it', async () => {
    const user = userEvent.setup();
    const answer = new ApiError(
      400,
      JSON.stringify({
        message: 'Invalid trip',
        errors: [
          { path: 'endDate', message: 'End date must be a real date written YYYY-MM-DD' },
          { path: 'endDate', message: 'A second message for the same field' },
          { path: 'plannerId', message: 'Not a field of this form' },
        ],
      }),
    );
    render(<TripForm onValid={vi.fn()} serverError={answer} />);
    await user.type(field('Trip Title'), 'Lisbon');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field('End Date')).toHaveFocus());
    expect(field('End Date')).toHaveAttribute('aria-invalid', 'true');
    expect(field('End Date')).toHaveAccessibleDescription(
      'End date must be a real date written YYYY-MM-DD',
    );
    expect(field('Trip Title')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Not a field of this form')).toBeNull();
  });
});

describe('checkResolver', () => {
  it('passes the values through when the check finds nothing', async () => {
    const resolve = checkResolver<{ from: string }>((values) => ({
      from: values.from.length > 3 ? 'Too long' : undefined,
    }));
    const context = { fields: {}, shouldUseNativeValidation: undefined };
    expect(await resolve({ from: 'Rio' }, undefined, context)).toEqual({
      values: { from: 'Rio' },
      errors: {},
    });
    expect(await resolve({ from: 'Lisbon' }, undefined, context)).toEqual({
      values: {},
      errors: { from: { type: 'validate', message: 'Too long' } },
    });
  });
});
