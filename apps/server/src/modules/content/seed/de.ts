import type { SeedTexts } from './seed-types';

export const seedDe: SeedTexts = {
  categories: {
    guides: 'Anleitungen',
    getting_started: 'Erste Schritte',
    fees_and_rules: 'Gebühren und Regeln',
    legal: 'Rechtliches',
    risk: 'Risikohinweise',
  },
  items: {
    getting_started_guide: {
      title: 'Erste Schritte',
      summary: 'Konto eröffnen, absichern, einzahlen, handeln und auszahlen in fünf Schritten.',
      markdown: `## 1. Konto eröffnen
Registrieren Sie sich mit Ihrer E-Mail-Adresse oder Telefonnummer und einem Passwort mit 6 bis 20 Zeichen. Ein Einladungscode ist freiwillig.

## 2. Absichern
Legen Sie in den Sicherheitseinstellungen ein **Fondspasswort** fest (vor jeder Auszahlung erforderlich) und auf Wunsch eine Authenticator-App. Prüfen Sie ab und zu die Geräteliste und melden Sie Geräte ab, die Sie nicht kennen.

## 3. Einzahlen
Wählen Sie *Einzahlung*, die Währung und senden Sie sie an die angezeigte Adresse. Die Einzahlung wird gutgeschrieben, sobald das Netzwerk sie bestätigt hat.

## 4. Handeln
Öffnen Sie *Handel* und geben Sie eine Limit- oder Marktorder auf. Die Gebühren stehen im [Gebührenverzeichnis](/article/main/index).

## 5. Auszahlen
Wählen Sie *Auszahlung*, geben Sie Adresse und Betrag ein und bestätigen Sie mit Ihrem Fondspasswort. Die Gebühr wird vor dem Absenden angezeigt. Auszahlungen werden innerhalb von 24 Stunden gutgeschrieben.

Fragen? Öffnen Sie den Online-Kundenservice in der oberen Leiste.`,
    },
    fee_schedule: {
      title: 'Gebührenverzeichnis',
      summary: 'Was Handel, Tausch, Einzahlungen und Auszahlungen kosten.',
      markdown: `| Leistung | Gebühr |
|---|---|
| Spothandel, Maker | {{spotMakerFee}} dessen, was Sie erhalten |
| Spothandel, Taker | {{spotTakerFee}} dessen, was Sie erhalten |
| Tausch | {{swapFee}} des erhaltenen Betrags |
| Einzahlung | kostenlos |
| Auszahlung | eine feste Gebühr je Währung, vor dem Absenden im Formular angezeigt |

Von jeder Gebühr gehen {{securityFundShare}} in den Sicherheitsfonds für Vermögenswerte und {{feeRevenueShare}} in die Gebühreneinnahmen der Plattform (siehe *Regel des Sicherheitsfonds*).

Weitere Kosten gibt es nicht: Ohne einen Handel, Tausch oder eine Auszahlung von Ihnen wird nie eine Gebühr von Ihrem Guthaben abgezogen.`,
    },
    security_fund_rule: {
      title: 'Regel des Sicherheitsfonds',
      summary: '10 Prozent aller Transaktionsgebühren fließen in den Sicherheitsfonds.',
      markdown: `Jede Gebühr der Plattform wird bei der Buchung aufgeteilt: **{{securityFundShare}}** werden dem Sicherheitsfonds für Vermögenswerte gutgeschrieben, **{{feeRevenueShare}}** den Gebühreneinnahmen. Die Aufteilung ist eine Buchungsregel des Hauptbuchs und gilt daher für jede einzelne Gebühr ohne Ausnahme.

Der Fonds ist ein Systemkonto des Hauptbuchs. Sein Saldo steht auf der Startseite und ist Teil jedes veröffentlichten Verbindlichkeitsnachweises, sodass jeder prüfen kann, dass er mit dem Handel wächst.

Der Fonds deckt Verluste von Nutzern, die durch ein Versagen der Plattform entstehen. Er wird nie für die Betriebskosten der Plattform verwendet.`,
    },
    risk_disclosure: {
      title: 'Risikohinweis',
      summary: 'Digitale Vermögenswerte schwanken stark; Sie können Ihren gesamten Einsatz verlieren.',
      markdown: `- Die Preise digitaler Vermögenswerte können innerhalb von Minuten stark steigen oder fallen. Sie können Ihren gesamten Einsatz verlieren.
- Sekundenkontrakte und gehebelte Kontrakte vervielfachen Gewinne wie Verluste. Setzen Sie nur Geld ein, dessen Verlust Sie verkraften können.
- Vergangene Renditen eines Produkts versprechen keine künftigen. Nichts auf dieser Plattform ist eine Anlageberatung.
- Abrechnungen verwenden den öffentlichen Indexpreis, den alle Nutzer sehen; niemand kann einen Preis oder ein Ergebnis von Hand festlegen.
- Automatische Risikokontrolle, automatisches Mining und Kontofinanzierung sind **nicht aktiviert**.
- Manche Produkte sind in Ihrem Land eventuell nicht verfügbar und können vom Betreiber abgeschaltet werden.`,
    },
    terms_of_service: {
      title: 'Nutzungsbedingungen',
      summary: 'Die Regeln für die Nutzung der Plattform.',
      markdown: `## Ihr Konto
Sie müssen volljährig sein und an Ihrem Wohnort Dienste für digitale Vermögenswerte nutzen dürfen. Schützen Sie Passwort, Fondspasswort und Geräte; Handlungen damit gelten als Ihre eigenen.

## Faire Nutzung
Nutzen Sie die Plattform nicht für Geldwäsche, Betrug, Marktmanipulation oder zur Umgehung von Sanktionen. Wir können eine Identitätsprüfung verlangen und Konten sperren, die gegen diese Regeln verstoßen.

## Gebühren und Auszahlungen
Es gelten die Gebühren des Gebührenverzeichnisses, die vor Ihrer Bestätigung angezeigt werden. Eine Auszahlung mit ausreichendem Guthaben, bestandener Prüfung und gültigem Fondspasswort wird ausgezahlt; sie wird innerhalb von 24 Stunden gutgeschrieben und kostet eine Bearbeitungsgebühr. Keine versteckte Bedingung hält sie auf.

## Preise
Orders werden im Orderbuch ausgeführt; Kontrakte werden zum öffentlichen Indexpreis abgerechnet. Der Betreiber kann Preise und Ergebnisse nicht ändern.

## Änderungen
Änderungen dieser Bedingungen kündigen wir vor ihrem Inkrafttreten als Mitteilung an.`,
    },
    privacy_policy: {
      title: 'Datenschutzerklärung',
      summary: 'Was wir erheben, warum, und wie es geschützt wird.',
      markdown: `## Was wir erheben
Ihren Kontonamen, E-Mail-Adresse oder Telefonnummer, die für die Zertifizierung hochgeladenen Ausweisdokumente, eingegebene Bankdaten sowie ein Protokoll der Anmeldungen und Geräte.

## Wozu
Um Ihr Konto zu führen, gesetzliche Pflichten zu erfüllen (Identitätsprüfung), Sie zu schützen (Hinweise auf neue Geräte, Betrugsabwehr) und Ihnen im Kundenservice zu antworten.

## Schutz
Passwörter werden nur als starke Einweg-Hashes gespeichert, Sitzungstoken nur als Hashes, und hochgeladene Bilder sehen nur Sie und befugte Mitarbeiter. Handlungen der Mitarbeiter stehen in einem manipulationssicheren Prüfprotokoll.

## Weitergabe
Wir verkaufen Ihre Daten nicht. Wir geben sie nur weiter, wenn das Gesetz es verlangt.

## Ihre Rechte
Sie können Ihre Daten im Nutzerzentrum einsehen und berichtigen und beim Kundenservice eine Kopie oder, soweit gesetzlich zulässig, die Löschung verlangen.`,
    },
    risk_notice: {
      title: 'Risikohinweis: Handeln Sie nur mit Geld, dessen Verlust Sie verkraften können',
      summary:
        'Preise digitaler Vermögenswerte schwanken stark. Kontrakte vervielfachen Gewinne und Verluste.',
      markdown:
        'Preise digitaler Vermögenswerte schwanken stark, und Kontrakte vervielfachen Gewinne wie Verluste. Lesen Sie vor dem Handel den [Risikohinweis](/article/main/index). Wir fragen Sie nie nach Ihrem Passwort oder Bestätigungscodes.',
    },
    welcome: {
      title: 'Willkommen bei {{brand}}',
      summary:
        'Eine Börse, die Sie prüfen können: öffentlicher Fondssaldo, Verbindlichkeitsnachweise, keine Preismanipulation.',
      markdown: `{{brand}} ist so gebaut, dass Sie es prüfen können: Der Saldo des Sicherheitsfonds ist öffentlich, Ihre Guthaben sind in veröffentlichten Verbindlichkeitsnachweisen enthalten, die Sie selbst prüfen können, und kein Betreiber kann einen Preis oder ein Ergebnis festlegen.

Beginnen Sie mit der Anleitung *Erste Schritte* im Hilfe-Center.`,
    },
  },
};
