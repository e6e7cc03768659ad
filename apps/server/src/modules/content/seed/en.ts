import type { SeedTexts } from './seed-types';

export const seedEn: SeedTexts = {
  categories: {
    guides: 'Guides',
    getting_started: 'Getting started',
    fees_and_rules: 'Fees and rules',
    legal: 'Legal',
    risk: 'Risk notices',
  },
  items: {
    getting_started_guide: {
      title: 'Getting started',
      summary: 'Open an account, secure it, deposit, trade and withdraw in five steps.',
      markdown: `## 1. Open an account
Register with your email address or phone number and a password of 6 to 20 characters. An invite code is optional.

## 2. Secure it
In the security settings set a **fund password** (it is required before any withdrawal) and, if you like, an authenticator app. Check the device list from time to time and sign out devices you do not know.

## 3. Deposit
Choose *Recharge*, pick the coin and send it to the address shown. The deposit is credited once the network has confirmed it.

## 4. Trade
Open *Trade* and place a limit or market order. Fees are listed in the [fee schedule](/article/main/index).

## 5. Withdraw
Choose *Withdraw*, enter the address and amount, and confirm with your fund password. The fee is shown before you submit. Withdrawals are credited within 24 hours.

Questions? Open the online customer service from the top bar.`,
    },
    fee_schedule: {
      title: 'Fee schedule',
      summary: 'What trading, swaps, deposits and withdrawals cost.',
      markdown: `| Service | Fee |
|---|---|
| Spot trading, maker | {{spotMakerFee}} of what you receive |
| Spot trading, taker | {{spotTakerFee}} of what you receive |
| Swap | {{swapFee}} of the received amount |
| Deposit | free |
| Withdrawal | a fixed fee per coin, shown on the withdrawal form before you submit |

Of every fee, {{securityFundShare}} goes to the asset-security fund and {{feeRevenueShare}} to the platform's fee revenue (see *Security-fund rule*).

There are no other charges: no fee is ever taken from your balance without a trade, swap or withdrawal that you made.`,
    },
    security_fund_rule: {
      title: 'Security-fund rule',
      summary: '10 percent of all transaction fees go to the asset-security fund.',
      markdown: `Every fee the platform charges is split when it is booked: **{{securityFundShare}}** is credited to the asset-security fund and **{{feeRevenueShare}}** to fee revenue. The split is a posting rule of the ledger, so it happens for every single fee, without exception.

The fund is a system account of the ledger. Its balance is shown on the home page and it is part of every published proof-of-liabilities snapshot, so anyone can check that it grows with trading.

The fund exists to cover losses of users caused by a failure of the platform. It is never used to pay the platform's running costs.`,
    },
    risk_disclosure: {
      title: 'Risk disclosure',
      summary: 'Digital assets are volatile; you can lose all the money you put in.',
      markdown: `- Prices of digital assets can rise or fall sharply within minutes. You can lose all the money you put in.
- Seconds contracts and leveraged contracts multiply both gains and losses. Only use money you can afford to lose.
- Past returns of any product do not promise future returns. Nothing on this platform is investment advice.
- Settlements use the public index price that every user sees; no one can set a price or an outcome by hand.
- Automatic risk control, automatic mining and account financing are **not activated**.
- Products may be unavailable in your country and can be switched off by the operator.`,
    },
    terms_of_service: {
      title: 'Terms of service',
      summary: 'The rules for using the platform.',
      markdown: `## Your account
You must be of legal age and allowed to use digital-asset services where you live. Keep your password, fund password and devices safe; actions made with them count as yours.

## Fair use
Do not use the platform for money laundering, fraud, market manipulation or to get around sanctions. We may ask for identity certification and may suspend an account that breaks these rules.

## Fees and withdrawals
Fees are those in the fee schedule, shown before you confirm. A withdrawal with enough balance, a passed review and a valid fund password is paid; it is credited within 24 hours and carries a handling fee. No hidden condition blocks it.

## Prices
Orders match in the order book; contracts settle at the public index price. The operator cannot override prices or outcomes.

## Changes
We announce changes to these terms as a notice before they apply.`,
    },
    privacy_policy: {
      title: 'Privacy policy',
      summary: 'What we collect, why, and how it is protected.',
      markdown: `## What we collect
Your account name, email or phone number, the identity documents you upload for certification, bank details you enter, and a log of sign-ins and devices.

## Why
To run your account, to meet legal duties (identity checks), to protect you (new-device alerts, fraud prevention) and to answer you in customer service.

## How it is protected
Passwords are stored only as strong one-way hashes, session tokens only as hashes, and uploaded images are shown only to you and to authorised staff. Staff actions are written to a tamper-evident audit log.

## Sharing
We do not sell your data. We share it only where the law requires.

## Your rights
You can see and correct your data in the user centre and ask customer service for a copy or for deletion where the law allows.`,
    },
    risk_notice: {
      title: 'Risk notice: trade with money you can afford to lose',
      summary: 'Digital-asset prices are volatile. Contracts multiply gains and losses.',
      markdown:
        'Digital-asset prices are volatile and contracts multiply both gains and losses. Read the [risk disclosure](/article/main/index) before you trade. We will never ask for your password or verification codes.',
    },
    welcome: {
      title: 'Welcome to {{brand}}',
      summary: 'An exchange you can check: public fund balance, proofs of liabilities, no price overrides.',
      markdown: `{{brand}} is built so that you can check it: the asset-security fund's balance is public, your balances are included in published proofs of liabilities that you can verify yourself, and no operator can set a price or an outcome.

Start with the *Getting started* guide in the help centre.`,
    },
  },
};
