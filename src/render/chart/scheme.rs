//! The chart in the page's dark scheme, for the PNG (`/chart.png?scheme=dark`). The page
//! draws the SVG inline and recolours it with its stylesheet; a PNG cannot follow a
//! stylesheet, so the same mapping is applied to the SVG's colours before it is drawn.

/// Which colours the chart is drawn in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Scheme {
    #[default]
    Light,
    Dark,
}

impl Scheme {
    /// `scheme=dark` (or `night`); anything else, or none, is the light chart.
    pub fn from_param(param: Option<&str>) -> Scheme {
        match param.map(|p| p.trim().to_ascii_lowercase()).as_deref() {
            Some("dark" | "night") => Scheme::Dark,
            _ => Scheme::Light,
        }
    }
}

/// The card behind the chart: the light SVG's first rectangle, written right after its title.
const LIGHT_CARD: &str = r##"rx="16" fill="#ffffff"/>"##;
/// `--card` of the page's dark scheme (templates/style.css).
const DARK_CARD: &str = r##"rx="16" fill="#1c2026"/>"##;

/// The light colours and their dark ones, as templates/style.css maps them for the inline
/// chart: ink to `--fg`, muted text to `--muted`, the track and the reserved share to
/// `--code-bg`. The bars keep their colours, which read on both.
const DARK: [(&str, &str); 6] = [
    (r##"fill="#1d232b""##, r##"fill="#e6e9ed""##),
    (r##"stroke="#1d232b""##, r##"stroke="#e6e9ed""##),
    (r##"fill="#5b6572""##, r##"fill="#a9b2bd""##),
    (r##"fill="#7c8591""##, r##"fill="#a9b2bd""##),
    (r##"fill="#f1f3f5""##, r##"fill="#262b33""##),
    (r##"fill="#dfe4ea""##, r##"fill="#262b33""##),
];

/// `svg` (a chart of [`super::svg_in`]) in `scheme`.
pub fn in_scheme(svg: String, scheme: Scheme) -> String {
    if scheme == Scheme::Light {
        return svg;
    }
    let mut out = svg.replacen(LIGHT_CARD, DARK_CARD, 1);
    for (light, dark) in DARK {
        out = out.replace(light, dark);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::i18n::Lang;

    #[test]
    fn the_dark_chart_has_no_light_card_or_ink_left() {
        let a = crate::answer::for_text(Catalog::get(), "llama 3.1 8b on rtx 4090")
            .result
            .expect("an answer");
        let light = super::super::svg(Lang::En, Catalog::get(), &a);
        assert!(light.contains(LIGHT_CARD) && light.contains("#1d232b"));
        let dark = in_scheme(light.clone(), Scheme::Dark);
        assert!(dark.contains(DARK_CARD), "{dark}");
        for (from, _) in DARK {
            assert!(!dark.contains(from), "{from} left in the dark chart");
        }
        assert_eq!(in_scheme(light.clone(), Scheme::Light), light);
        assert_eq!(Scheme::from_param(Some("Dark")), Scheme::Dark);
        assert_eq!(Scheme::from_param(Some("light")), Scheme::Light);
        assert_eq!(Scheme::from_param(None), Scheme::Light);
    }
}
