import { screen, waitFor } from '@testing-library/react';
import { signedIn } from '@/test/fixtures';
import { mockFetch, requestsTo, untilAborted, type MockReply } from '@/test/mockFetch';
import { renderWithProviders } from '@/test/renderWithProviders';
import { RecordPicker, type NamedOption } from './RecordPicker';

const IBUPROFEN: NamedOption = { id: 7, name: 'Ibuprofen' };

function matches(records: NamedOption[]): MockReply {
  return { body: { data: records, meta: { total: records.length, page: 1, page_size: 20 } } };
}

function renderPicker() {
  const onChange = jest.fn();
  const rendered = renderWithProviders(
    <RecordPicker source="medication" label="Medication" value={null} onChange={onChange} />,
    { preloadedState: signedIn() },
  );
  return { ...rendered, onChange };
}

describe('RecordPicker', () => {
  it('asks the server at every letter, aborts the request a newer letter supersedes, and shows no error for it', async () => {
    const aborted: string[] = [];
    const fetchMock = mockFetch({
      'GET /medication': (request) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        if (q === 'ibu') return matches([IBUPROFEN]);
        if (q === '') return matches([]);
        // The shorter texts' answers do not come before the next letter is typed.
        return untilAborted(request, () => aborted.push(q));
      },
    });
    const { user, onChange } = renderPicker();
    await user.type(screen.getByRole('combobox', { name: 'Medication' }), 'ibu');

    const option = await screen.findByRole('option', { name: 'Ibuprofen' });
    // Typed without a pause, every letter was still asked, each for the first 20 by name.
    const asked = requestsTo(fetchMock, 'GET /medication').map((request) =>
      Object.fromEntries(new URL(request.url).searchParams),
    );
    expect(asked.map(({ q }) => q)).toEqual(expect.arrayContaining(['i', 'ib', 'ibu']));
    expect(asked.at(-1)).toEqual({ q: 'ibu', page: '1', page_size: '20', sort: 'name' });
    await waitFor(() => expect(aborted.sort()).toEqual(['i', 'ib']));
    expect(screen.queryByText('The search failed')).toBeNull();

    await user.click(option);
    expect(onChange).toHaveBeenCalledWith(IBUPROFEN);
  });

  it('offers nothing from an older text while the newer one is asked', async () => {
    let answerNewer: (reply: MockReply) => void = () => undefined;
    mockFetch({
      'GET /medication': (request) =>
        new URL(request.url).searchParams.get('q') === 'ibx'
          ? new Promise<MockReply>((resolve) => (answerNewer = resolve))
          : matches([IBUPROFEN]),
    });
    const { user } = renderPicker();
    const input = screen.getByRole('combobox', { name: 'Medication' });
    await user.fill(input, 'ib');
    expect(await screen.findByRole('option', { name: 'Ibuprofen' })).toBeInTheDocument();

    await user.fill(input, 'x');
    expect(await screen.findByText('Searching…')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Ibuprofen' })).toBeNull();
    // Enter while it searches picks nothing.
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('ibx');

    answerNewer(matches([]));
    expect(await screen.findByText('No medications found')).toBeInTheDocument();
  });
});
