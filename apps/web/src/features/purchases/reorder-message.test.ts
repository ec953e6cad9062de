import type { ReorderGroup } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { draftFromGroup } from './reorder-draft';
import { reorderMessage, whatsAppLink, whatsAppNumber } from './reorder-message';

const group: ReorderGroup = {
  supplier: { id: 3, name: 'Abarrotes del Norte', phone: '81 1234-5678' },
  items: [
    {
      productId: 10,
      cuid: 'ACE',
      name: 'Aceite 1 L',
      units: 'pza',
      sellsByWeight: false,
      stock: 0,
      minStock: 10,
      suggested: 20,
      lastCost: 30.01,
    },
    {
      productId: 11,
      cuid: 'QSO',
      name: 'Queso & crema',
      units: 'kg',
      sellsByWeight: true,
      stock: 0.5,
      minStock: 2,
      suggested: 1250,
      lastCost: null,
    },
  ],
};

describe('whatsAppNumber', () => {
  it.each([
    ['81 1234 5678', '528112345678'],
    ['(81) 1234-5678', '528112345678'],
    ['+52 81 1234 5678', '528112345678'],
    ['52 1 81 1234 5678', '528112345678'],
    ['0052 81 1234 5678', '528112345678'],
    ['044 81 1234 5678', '528112345678'],
  ])('%s → %s', (phone, expected) => expect(whatsAppNumber(phone)).toBe(expected));

  it.each([null, '', '1234 567', '81 1234 5678 9', 'sin teléfono'])('%s is not a number to write to', (phone) =>
    expect(whatsAppNumber(phone)).toBeNull(),
  );
});

describe('the WhatsApp order', () => {
  it('greets the supplier, lists what to ask in each product’s unit, and signs with the shop', () => {
    expect(reorderMessage(group, 'Tienda Lupita')).toBe(
      [
        'Hola, Abarrotes del Norte. Le hago el siguiente pedido:',
        '- 20 pza Aceite 1 L',
        '- 1,250 kg Queso & crema',
        'Gracias. Pedido de Tienda Lupita.',
      ].join('\n'),
    );
    expect(reorderMessage(group).split('\n').at(-1)).toBe('Gracias.');
  });

  it('is a wa.me link with the text encoded, and none without a usable phone', () => {
    const link = whatsAppLink(group, 'Tienda Lupita')!;
    expect(link.startsWith('https://wa.me/528112345678?text=')).toBe(true);
    expect(decodeURIComponent(link.split('?text=')[1]!)).toBe(reorderMessage(group, 'Tienda Lupita'));
    expect(link).toContain('%26'); // '&' in a name does not cut the text short
    expect(whatsAppLink({ ...group, supplier: { ...group.supplier!, phone: null } })).toBeNull();
    expect(whatsAppLink({ ...group, supplier: null })).toBeNull();
  });
});

describe("'Crear compra' from a group", () => {
  it('drafts the supplier and each product at the suggested quantity and last cost', () => {
    expect(draftFromGroup(group)).toEqual({
      supplier: { id: 3, name: 'Abarrotes del Norte' },
      lines: [
        {
          product: { id: 10, name: 'Aceite 1 L', units: 'pza', sellsByWeight: false, lastCost: 30.01 },
          quantity: 20,
          unitCost: 30.01,
        },
        {
          product: { id: 11, name: 'Queso & crema', units: 'kg', sellsByWeight: true, lastCost: null },
          quantity: 1250,
          unitCost: null,
        },
      ],
    });
  });
});
