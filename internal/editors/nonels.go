package editors

import (
	"fmt"
	"regexp"
	"strings"
)

// NoneLSPattern and NoneLSGroups are what the none-ls recipe of
// docs/editors.md gives helpers.diagnostics.from_pattern: a Lua pattern
// matched against each line of the command's standard error, and the
// diagnostic field each capture fills. A line that starts with a blank
// (the standalone command's related positions start with a tab) is not
// read. The column goes to the private
// field _col, which the recipe copies to col: from_pattern would otherwise
// take it for a character index in the current buffer's line of that
// number and turn it into a byte index, while the command prints byte
// columns, for any file of the package.
const NoneLSPattern = `^(%S[^:]*):(%d+):(%d+): (.*)$`

var NoneLSGroups = []string{"filename", "row", "_col", "message"}

// noneLSFields names the Reader's subexpressions after none-ls's fields.
var noneLSFields = map[string]string{"filename": "file", "row": "line", "_col": "col", "message": "msg"}

func NoneLS() Reader {
	re, err := LuaPattern(NoneLSPattern)
	if err != nil {
		panic(err)
	}
	// Name the captures in order.
	src := re.String()
	var b strings.Builder
	n := 0
	for i := 0; i < len(src); i++ {
		b.WriteByte(src[i])
		if src[i] == '\\' && i+1 < len(src) {
			i++
			b.WriteByte(src[i])
			continue
		}
		if src[i] == '(' && (i+1 >= len(src) || src[i+1] != '?') {
			b.WriteString("?P<" + noneLSFields[NoneLSGroups[n]] + ">")
			n++
		}
	}
	return Reader{
		Name:    fmt.Sprintf("none-ls from_pattern %q", NoneLSPattern),
		pattern: regexp.MustCompile(b.String()),
	}
}

// luaClasses are Lua's character classes, as Go regexp classes.
var luaClasses = map[byte]string{
	'a': `[A-Za-z]`, 'd': `[0-9]`, 'l': `[a-z]`, 'u': `[A-Z]`, 's': `\s`,
	'w': `[0-9A-Za-z]`, 'x': `[0-9A-Fa-f]`, 'p': `[[:punct:]]`,
	'A': `[^A-Za-z]`, 'D': `[^0-9]`, 'S': `\S`, 'W': `[^0-9A-Za-z]`,
}

// LuaPattern translates a Lua pattern (string.match's syntax) into a Go
// regexp that matches the same lines: anchors, captures, sets, the classes
// %a %d %l %u %s %w %x %p and their upper-case complements inside or
// outside sets, %-escapes, and the quantifiers * + ? and - (lazy *).
// Back-references, %b and %f are not supported.
func LuaPattern(p string) (*regexp.Regexp, error) {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '^' && i == 0, c == '$' && i == len(p)-1, c == '(', c == ')', c == '.', c == '*', c == '+', c == '?':
			b.WriteByte(c)
		case c == '-':
			b.WriteString("*?")
		case c == '%':
			if i+1 >= len(p) {
				return nil, fmt.Errorf("pattern %q ends with %%", p)
			}
			i++
			class, err := luaEscape(p[i], false)
			if err != nil {
				return nil, err
			}
			b.WriteString(class)
		case c == '[':
			end := i + 1
			if end < len(p) && p[end] == '^' {
				end++
			}
			if end < len(p) && p[end] == ']' {
				end++ // a ] first in a set is itself
			}
			for end < len(p) && p[end] != ']' {
				if p[end] == '%' {
					end++
				}
				end++
			}
			if end >= len(p) {
				return nil, fmt.Errorf("pattern %q: unclosed [", p)
			}
			b.WriteByte('[')
			for j := i + 1; j < end; j++ {
				switch {
				case p[j] == '^' && j == i+1:
					b.WriteByte('^')
				case p[j] == '%':
					j++
					class, err := luaEscape(p[j], true)
					if err != nil {
						return nil, err
					}
					b.WriteString(class)
				case strings.IndexByte(`\[]`, p[j]) >= 0:
					b.WriteString(`\` + string(p[j]))
				default:
					b.WriteByte(p[j])
				}
			}
			b.WriteByte(']')
			i = end
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	return regexp.Compile(b.String())
}

// luaEscape translates %c; inSet asks for something that fits in a set.
func luaEscape(c byte, inSet bool) (string, error) {
	if class, ok := luaClasses[c]; ok {
		if inSet {
			if strings.HasPrefix(class, "[^") {
				return "", fmt.Errorf("%%%c in a set is not supported", c)
			}
			return strings.TrimSuffix(strings.TrimPrefix(class, "["), "]"), nil
		}
		return class, nil
	}
	if c >= '0' && c <= '9' || c == 'b' || c == 'f' {
		return "", fmt.Errorf("%%%c is not supported", c)
	}
	if inSet {
		return `\` + string(c), nil
	}
	return regexp.QuoteMeta(string(c)), nil
}
