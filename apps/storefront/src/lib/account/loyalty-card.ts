/**
 * The loyalty card number of a customer: the account number in 11 digits plus a Luhn check digit,
 * grouped by four, so that a number read out at the counter or typed by customer service is
 * checked for slips. Pure.
 */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function loyaltyCardNumber(customerId: number): string {
  const body = `9${String(customerId).padStart(10, '0')}`;
  return `${body}${luhnDigit(body)}`.replace(/(\d{4})(?=\d)/g, '$1 ');
}
