import type { SeedTexts } from './seed-types';

export const seedLt: SeedTexts = {
  categories: {
    guides: 'Vadovai',
    getting_started: 'Pirmieji žingsniai',
    fees_and_rules: 'Mokesčiai ir taisyklės',
    legal: 'Teisinė informacija',
    risk: 'Įspėjimai apie riziką',
  },
  items: {
    getting_started_guide: {
      title: 'Pirmieji žingsniai',
      summary:
        'Atidarykite paskyrą, apsaugokite ją, įneškite, prekiaukite ir išsiimkite penkiais žingsniais.',
      markdown: `## 1. Atidarykite paskyrą
Registruokitės el. pašto adresu arba telefono numeriu ir 6–20 simbolių slaptažodžiu. Pakvietimo kodas neprivalomas.

## 2. Apsaugokite ją
Saugumo nustatymuose nustatykite **lėšų slaptažodį** (jo reikia prieš bet kokį išėmimą) ir, jei norite, autentifikavimo programėlę. Retkarčiais peržiūrėkite įrenginių sąrašą ir atjunkite nepažįstamus.

## 3. Įneškite lėšų
Pasirinkite *Įnešimas*, monetą ir siųskite ją nurodytu adresu. Įnešimas įskaitomas, kai tinklas jį patvirtina.

## 4. Prekiaukite
Atidarykite *Prekyba* ir pateikite riboto kurso arba rinkos pavedimą. Mokesčiai nurodyti [mokesčių lentelėje](/article/main/index).

## 5. Išsiimkite
Pasirinkite *Išėmimas*, įveskite adresą ir sumą ir patvirtinkite lėšų slaptažodžiu. Mokestis parodomas prieš pateikiant. Išėmimai įskaitomi per 24 valandas.

Klausimų? Atidarykite internetinę klientų pagalbą viršutinėje juostoje.`,
    },
    fee_schedule: {
      title: 'Mokesčių lentelė',
      summary: 'Kiek kainuoja prekyba, keitimas, įnešimai ir išėmimai.',
      markdown: `| Paslauga | Mokestis |
|---|---|
| Neatidėliotinė prekyba, kūrėjas (maker) | {{spotMakerFee}} to, ką gaunate |
| Neatidėliotinė prekyba, ėmėjas (taker) | {{spotTakerFee}} to, ką gaunate |
| Keitimas | {{swapFee}} gautos sumos |
| Įnešimas | nemokamai |
| Išėmimas | fiksuotas mokestis kiekvienai monetai, parodomas formoje prieš pateikiant |

Iš kiekvieno mokesčio {{securityFundShare}} tenka turto saugumo fondui, o {{feeRevenueShare}} – platformos mokesčių pajamoms (žr. *Saugumo fondo taisyklė*).

Kitų mokesčių nėra: be jūsų atliktos prekybos, keitimo ar išėmimo iš jūsų likučio niekada nenuskaitomas joks mokestis.`,
    },
    security_fund_rule: {
      title: 'Saugumo fondo taisyklė',
      summary: '10 procentų visų sandorių mokesčių tenka turto saugumo fondui.',
      markdown: `Kiekvienas platformos mokestis padalijamas jį įrašant: **{{securityFundShare}}** įskaitoma į turto saugumo fondą, **{{feeRevenueShare}}** – į mokesčių pajamas. Padalijimas yra didžiosios knygos įrašų taisyklė, todėl taikomas kiekvienam mokesčiui be išimčių.

Fondas yra didžiosios knygos sistemos sąskaita. Jo likutis rodomas pradžios puslapyje ir įtraukiamas į kiekvieną paskelbtą įsipareigojimų įrodymo momentinę kopiją, todėl kiekvienas gali patikrinti, kad jis auga kartu su prekyba.

Fondas skirtas padengti naudotojų nuostolius, atsiradusius dėl platformos gedimo. Jis niekada nenaudojamas platformos veiklos išlaidoms apmokėti.`,
    },
    risk_disclosure: {
      title: 'Rizikos atskleidimas',
      summary: 'Skaitmeninis turtas yra nepastovus; galite prarasti visus investuotus pinigus.',
      markdown: `- Skaitmeninio turto kainos per kelias minutes gali smarkiai kilti arba kristi. Galite prarasti visus investuotus pinigus.
- Sekundžių ir sverto sandoriai padidina ir pelną, ir nuostolius. Naudokite tik tuos pinigus, kuriuos galite sau leisti prarasti.
- Ankstesnė bet kurio produkto grąža nežada būsimos grąžos. Niekas šioje platformoje nėra investavimo patarimas.
- Atsiskaitymai vyksta pagal viešą indekso kainą, kurią mato visi naudotojai; niekas negali rankiniu būdu nustatyti kainos ar rezultato.
- Automatinė rizikos kontrolė, automatinis kasimas ir paskyros finansavimas **neaktyvuoti**.
- Kai kurie produktai jūsų šalyje gali būti neprieinami, o operatorius gali juos išjungti.`,
    },
    terms_of_service: {
      title: 'Paslaugų teikimo sąlygos',
      summary: 'Platformos naudojimo taisyklės.',
      markdown: `## Jūsų paskyra
Turite būti pilnametis ir turėti teisę naudotis skaitmeninio turto paslaugomis ten, kur gyvenate. Saugokite slaptažodį, lėšų slaptažodį ir įrenginius; jais atlikti veiksmai laikomi jūsų veiksmais.

## Sąžiningas naudojimas
Nenaudokite platformos pinigų plovimui, sukčiavimui, rinkos manipuliavimui ar sankcijoms apeiti. Galime paprašyti patvirtinti tapatybę ir sustabdyti šias taisykles pažeidžiančią paskyrą.

## Mokesčiai ir išėmimai
Mokesčiai – pagal mokesčių lentelę, rodomi prieš jums patvirtinant. Išėmimas, kai likutis pakankamas, patikra sėkminga ir lėšų slaptažodis teisingas, yra išmokamas; jis įskaitomas per 24 valandas ir taikomas tvarkymo mokestis. Jokia paslėpta sąlyga jo neblokuoja.

## Kainos
Pavedimai vykdomi pavedimų knygoje; sandoriai atsiskaitomi pagal viešą indekso kainą. Operatorius negali pakeisti kainų ar rezultatų.

## Pakeitimai
Apie šių sąlygų pakeitimus pranešame skelbimu prieš jiems įsigaliojant.`,
    },
    privacy_policy: {
      title: 'Privatumo politika',
      summary: 'Ką renkame, kodėl ir kaip tai saugoma.',
      markdown: `## Ką renkame
Paskyros vardą, el. paštą arba telefono numerį, tapatybės patvirtinimui įkeltus dokumentus, įvestus banko duomenis ir prisijungimų bei įrenginių žurnalą.

## Kodėl
Kad galėtume tvarkyti jūsų paskyrą, vykdyti teisines pareigas (tapatybės patikra), jus apsaugoti (įspėjimai apie naujus įrenginius, sukčiavimo prevencija) ir atsakyti jums klientų pagalboje.

## Kaip saugoma
Slaptažodžiai saugomi tik kaip stiprios vienkryptės maišos, sesijų raktai – tik kaip maišos, o įkelti paveikslėliai rodomi tik jums ir įgaliotiems darbuotojams. Darbuotojų veiksmai rašomi į klastojimui atsparų audito žurnalą.

## Dalijimasis
Jūsų duomenų neparduodame. Jais dalijamės tik tada, kai to reikalauja įstatymas.

## Jūsų teisės
Savo duomenis galite peržiūrėti ir taisyti naudotojo centre, o klientų pagalbos paprašyti kopijos arba ištrynimo, kai tai leidžia įstatymas.`,
    },
    risk_notice: {
      title: 'Įspėjimas: prekiaukite tik tais pinigais, kuriuos galite prarasti',
      summary: 'Skaitmeninio turto kainos nepastovios. Sandoriai padidina pelną ir nuostolius.',
      markdown:
        'Skaitmeninio turto kainos nepastovios, o sandoriai padidina ir pelną, ir nuostolius. Prieš prekiaudami perskaitykite [rizikos atskleidimą](/article/main/index). Mes niekada neprašome jūsų slaptažodžio ar patvirtinimo kodų.',
    },
    welcome: {
      title: 'Sveiki atvykę į {{brand}}',
      summary:
        'Birža, kurią galite patikrinti: viešas fondo likutis, įsipareigojimų įrodymai, jokio kainų keitimo.',
      markdown: `{{brand}} sukurta taip, kad galėtumėte ją patikrinti: turto saugumo fondo likutis yra viešas, jūsų likučiai įtraukti į paskelbtus įsipareigojimų įrodymus, kuriuos galite patikrinti patys, ir joks operatorius negali nustatyti kainos ar rezultato.

Pradėkite nuo vadovo *Pirmieji žingsniai* pagalbos centre.`,
    },
  },
};
