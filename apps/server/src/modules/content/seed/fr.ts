import type { SeedTexts } from './seed-types';

export const seedFr: SeedTexts = {
  categories: {
    guides: 'Guides',
    getting_started: 'Premiers pas',
    fees_and_rules: 'Frais et règles',
    legal: 'Mentions légales',
    risk: 'Avertissements sur les risques',
  },
  items: {
    getting_started_guide: {
      title: 'Premiers pas',
      summary: 'Ouvrir un compte, le sécuriser, déposer, trader et retirer en cinq étapes.',
      markdown: `## 1. Ouvrir un compte
Inscrivez-vous avec votre adresse e-mail ou votre numéro de téléphone et un mot de passe de 6 à 20 caractères. Le code d'invitation est facultatif.

## 2. Le sécuriser
Dans les paramètres de sécurité, définissez un **mot de passe de fonds** (obligatoire avant tout retrait) et, si vous le souhaitez, une application d'authentification. Consultez de temps en temps la liste des appareils et déconnectez ceux que vous ne reconnaissez pas.

## 3. Déposer
Choisissez *Dépôt*, sélectionnez la crypto-monnaie et envoyez-la à l'adresse affichée. Le dépôt est crédité une fois confirmé par le réseau.

## 4. Trader
Ouvrez *Trader* et passez un ordre à cours limité ou au marché. Les frais figurent dans le [barème des frais](/article/main/index).

## 5. Retirer
Choisissez *Retrait*, saisissez l'adresse et le montant et confirmez avec votre mot de passe de fonds. Les frais sont affichés avant l'envoi. Les retraits sont crédités sous 24 heures.

Des questions ? Ouvrez le service client en ligne depuis la barre du haut.`,
    },
    fee_schedule: {
      title: 'Barème des frais',
      summary: 'Ce que coûtent les transactions, les échanges, les dépôts et les retraits.',
      markdown: `| Service | Frais |
|---|---|
| Trading au comptant, maker | {{spotMakerFee}} de ce que vous recevez |
| Trading au comptant, taker | {{spotTakerFee}} de ce que vous recevez |
| Échange | {{swapFee}} du montant reçu |
| Dépôt | gratuit |
| Retrait | des frais fixes par crypto-monnaie, affichés sur le formulaire avant l'envoi |

Sur chaque frais, {{securityFundShare}} va au fonds de sécurité des actifs et {{feeRevenueShare}} aux revenus de frais de la plateforme (voir *Règle du fonds de sécurité*).

Il n'y a aucun autre prélèvement : aucun frais n'est jamais prélevé sur votre solde sans une transaction, un échange ou un retrait de votre part.`,
    },
    security_fund_rule: {
      title: 'Règle du fonds de sécurité',
      summary: '10 % de tous les frais de transaction vont au fonds de sécurité des actifs.',
      markdown: `Chaque frais perçu par la plateforme est réparti au moment de sa comptabilisation : **{{securityFundShare}}** est crédité au fonds de sécurité des actifs et **{{feeRevenueShare}}** aux revenus de frais. Cette répartition est une règle d'écriture du grand livre : elle s'applique à chaque frais, sans exception.

Le fonds est un compte système du grand livre. Son solde est affiché sur la page d'accueil et figure dans chaque instantané publié de la preuve de passif : chacun peut vérifier qu'il augmente avec les échanges.

Le fonds sert à couvrir les pertes des utilisateurs causées par une défaillance de la plateforme. Il ne sert jamais à payer les frais de fonctionnement de la plateforme.`,
    },
    risk_disclosure: {
      title: 'Avertissement sur les risques',
      summary: 'Les actifs numériques sont volatils ; vous pouvez perdre tout votre investissement.',
      markdown: `- Le prix des actifs numériques peut monter ou baisser fortement en quelques minutes. Vous pouvez perdre tout l'argent investi.
- Les contrats à la seconde et les contrats à effet de levier multiplient les gains comme les pertes. N'utilisez que de l'argent que vous pouvez vous permettre de perdre.
- Les rendements passés d'un produit ne garantissent pas les rendements futurs. Rien sur cette plateforme n'est un conseil en investissement.
- Les règlements utilisent le prix d'indice public que voient tous les utilisateurs ; personne ne peut fixer un prix ou un résultat à la main.
- Le contrôle automatique des risques, le minage automatique et le financement de compte ne sont **pas activés**.
- Certains produits peuvent ne pas être disponibles dans votre pays et l'opérateur peut les désactiver.`,
    },
    terms_of_service: {
      title: "Conditions d'utilisation",
      summary: "Les règles d'utilisation de la plateforme.",
      markdown: `## Votre compte
Vous devez être majeur et autorisé à utiliser des services d'actifs numériques là où vous vivez. Protégez votre mot de passe, votre mot de passe de fonds et vos appareils ; les actions faites avec eux comptent comme les vôtres.

## Usage loyal
N'utilisez pas la plateforme pour le blanchiment d'argent, la fraude, la manipulation de marché ou le contournement de sanctions. Nous pouvons demander une certification d'identité et suspendre un compte qui enfreint ces règles.

## Frais et retraits
Les frais sont ceux du barème, affichés avant votre confirmation. Un retrait avec un solde suffisant, une vérification validée et un mot de passe de fonds correct est payé ; il est crédité sous 24 heures et comporte des frais de traitement. Aucune condition cachée ne le bloque.

## Prix
Les ordres s'exécutent dans le carnet d'ordres ; les contrats se règlent au prix d'indice public. L'opérateur ne peut pas modifier les prix ni les résultats.

## Modifications
Nous annonçons toute modification de ces conditions par un avis avant son entrée en vigueur.`,
    },
    privacy_policy: {
      title: 'Politique de confidentialité',
      summary: 'Ce que nous collectons, pourquoi et comment c’est protégé.',
      markdown: `## Ce que nous collectons
Votre nom de compte, votre e-mail ou numéro de téléphone, les pièces d'identité envoyées pour la certification, les coordonnées bancaires saisies et un journal des connexions et des appareils.

## Pourquoi
Pour gérer votre compte, respecter nos obligations légales (vérification d'identité), vous protéger (alertes de nouvel appareil, prévention de la fraude) et vous répondre au service client.

## Protection
Les mots de passe ne sont conservés que sous forme de hachages à sens unique robustes, les jetons de session que sous forme de hachages, et les images envoyées ne sont visibles que par vous et le personnel autorisé. Les actions du personnel sont inscrites dans un journal d'audit infalsifiable.

## Partage
Nous ne vendons pas vos données. Nous ne les partageons que lorsque la loi l'exige.

## Vos droits
Vous pouvez consulter et corriger vos données dans le centre utilisateur et demander au service client une copie ou leur suppression lorsque la loi le permet.`,
    },
    risk_notice: {
      title: "Avertissement : n'investissez que ce que vous pouvez perdre",
      summary: 'Le prix des actifs numériques est volatil. Les contrats multiplient gains et pertes.',
      markdown:
        "Le prix des actifs numériques est volatil et les contrats multiplient les gains comme les pertes. Lisez l'[avertissement sur les risques](/article/main/index) avant de trader. Nous ne vous demanderons jamais votre mot de passe ni vos codes de vérification.",
    },
    welcome: {
      title: 'Bienvenue sur {{brand}}',
      summary:
        'Une plateforme vérifiable : solde du fonds public, preuves de passif, aucune manipulation des prix.',
      markdown: `{{brand}} est conçu pour que vous puissiez le vérifier : le solde du fonds de sécurité des actifs est public, vos soldes figurent dans des preuves de passif publiées que vous pouvez vérifier vous-même, et aucun opérateur ne peut fixer un prix ou un résultat.

Commencez par le guide *Premiers pas* du centre d'aide.`,
    },
  },
};
