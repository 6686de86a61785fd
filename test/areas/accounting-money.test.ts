import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transactionStatusOf } from '../../src/areas/accounting/invoice-state.js';
import { hasAtMostDecimals, invoiceTotals, lineAmount, sum } from '../../src/areas/accounting/money.js';

describe('invoice money', () => {
  it('rounds a line half up to the cent, exactly (no binary floating point)', () => {
    assert.equal(lineAmount(3, 33.335), 100.01);
    assert.equal(lineAmount(1, 2.675), 2.68, '2.675 is 2.675, not 2.67499…');
    assert.equal(lineAmount(0.333, 3), 1);
    assert.equal(lineAmount(2, -12.5), -25, 'a discount line');
    assert.equal(sum([0.1, 0.2]), 0.3);
  });

  it('taxes the taxable lines once, half up; a discount never makes the tax negative', () => {
    const lines = [
      { amount: lineAmount(3, 33.335), isTaxable: true },
      { amount: 250, isTaxable: false },
      { amount: 19.99, isTaxable: true },
    ];
    // Taxable 120.00 × 8.25 % = 9.90; total 370.00 + 9.90.
    assert.deepEqual(invoiceTotals(lines, 8.25), { subtotal: 370, taxableSubtotal: 120, taxAmount: 9.9, total: 379.9 });
    assert.deepEqual(invoiceTotals([{ amount: 10.05, isTaxable: true }], 7.5), { subtotal: 10.05, taxableSubtotal: 10.05, taxAmount: 0.75, total: 10.8 });
    assert.deepEqual(
      invoiceTotals(
        [
          { amount: -5, isTaxable: true },
          { amount: 20, isTaxable: false },
        ],
        10,
      ),
      {
        subtotal: 15,
        taxableSubtotal: -5,
        taxAmount: 0,
        total: 15,
      },
    );
    assert.deepEqual(invoiceTotals([], 8), { subtotal: 0, taxableSubtotal: 0, taxAmount: 0, total: 0 });
  });

  it('counts decimals as the number prints', () => {
    assert.equal(hasAtMostDecimals(2.675, 2), false);
    assert.equal(hasAtMostDecimals(2.67, 2), true);
    assert.equal(hasAtMostDecimals(100, 0), true);
  });
});

describe('transaction status', () => {
  const base = { status: 2, deleted_at: null, amount_paid: 0, balance: 100, due_date: '2026-12-10', sent_at: null };
  const today = '2026-12-01';
  it('is derived in the documented order', () => {
    assert.equal(transactionStatusOf({ ...base, deleted_at: new Date() }, today), 'Deleted');
    assert.equal(transactionStatusOf({ ...base, status: 1 }, today), 'Draft');
    assert.equal(transactionStatusOf({ ...base, amount_paid: 100, balance: 0 }, today), 'Paid');
    assert.equal(transactionStatusOf({ ...base, due_date: '2026-11-30', amount_paid: 40, balance: 60 }, today), 'Overdue');
    assert.equal(transactionStatusOf({ ...base, amount_paid: 40, balance: 60 }, today), 'PartialPaid');
    assert.equal(transactionStatusOf(base, today), 'Approved');
    assert.equal(transactionStatusOf({ ...base, sent_at: new Date() }, today), 'Open');
    assert.equal(transactionStatusOf({ ...base, due_date: today }, today), 'Approved', 'due today is not overdue yet');
  });
});
