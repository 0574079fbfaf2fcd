import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import ReportDialog from './report-dialog';

const POST = '00000000-0000-4000-8000-000000000001';

function open() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReportDialog open onClose={() => {}} target={{ type: 'post', id: POST }} />
    </QueryClientProvider>,
  );
}

describe('the report dialog', () => {
  it('sends the reason and the words, then says Reported', async () => {
    const api = serve({ 'POST /api/iam/reports/new': () => success({ caseId: 'c1', filed: true }, 201) });
    open();
    expect(screen.getByRole('dialog', { name: 'Report this post?' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Reason' }), { target: { value: 'abuse' } });
    fireEvent.change(screen.getByRole('textbox', { name: /What is wrong/ }), { target: { value: '  Name calling  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('dialog', { name: 'Reported' })).toBeTruthy();
    expect(api.to('POST /api/iam/reports/new')[0]!.body).toMatchObject({ target: { type: 'post', id: POST }, reason: 'abuse', text: 'Name calling' });
  });

  it('shows the server\'s refusal and keeps the form', async () => {
    serve({ 'POST /api/iam/reports/new': () => failure(429, 'rate_limited', 'Too many reports', undefined, { 'retry-after': '600' }) });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/Too many reports/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send report' })).toBeTruthy();
  });
});
