//! ANSI colours, on only where they help: a terminal, `NO_COLOR` unset, `TERM` not `dumb`.

/// Paints text, or leaves it as it is when colours are off.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub colour: bool,
}

impl Style {
    /// Colours for a terminal, as the environment allows.
    pub fn for_terminal() -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        Style {
            colour: !no_color && !dumb,
        }
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    pub fn bold(&self, text: &str) -> String {
        self.paint("1", text)
    }

    pub fn dim(&self, text: &str) -> String {
        self.paint("2", text)
    }

    pub fn red(&self, text: &str) -> String {
        self.paint("31", text)
    }

    pub fn green(&self, text: &str) -> String {
        self.paint("32", text)
    }

    pub fn yellow(&self, text: &str) -> String {
        self.paint("33", text)
    }

    pub fn cyan(&self, text: &str) -> String {
        self.paint("36", text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_without_colour() {
        assert_eq!(Style { colour: false }.red("x"), "x");
        assert_eq!(Style { colour: true }.red("x"), "\x1b[31mx\x1b[0m");
    }
}
