package typeid_test

import (
	"errors"
	"fmt"

	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

func ExampleNew() {
	id, err := typeid.New("user")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(id.Prefix(), len(id.String()), id.UUID().Version())
	// Output: user 31 7
}

func ExampleParse() {
	id, err := typeid.Parse("user_01h455vb4pex5vsknk084sn02q")
	if err != nil {
		fmt.Println(err)
		return
	}
	t, _ := id.UUID().Time()
	fmt.Println(id.Prefix(), id.UUID(), t.UTC())

	// Strict: upper case, among others, is an error that says where.
	_, err = typeid.Parse("user_01H455VB4PEX5VSKNK084SN02Q")
	fmt.Println(errors.Is(err, typeid.ErrSuffix), err)
	// Output:
	// user 01890a5d-ac96-774b-bcce-b302099a8057 2023-06-30 03:34:18.518 +0000 UTC
	// true typeid: invalid suffix: 'H' at position 7: a suffix is in lower case
}

func ExampleFromUUID() {
	id, err := typeid.FromUUID("order", uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(id)
	// Output: order_01fwhe4ydgfk1shh6w1g60eecf
}

// Prefixes as types: the compiler keeps user IDs and order IDs apart.
type UserPrefix struct{}

func (UserPrefix) Prefix() string { return "user" }

type OrderPrefix struct{}

func (OrderPrefix) Prefix() string { return "order" }

type (
	UserID  = typeid.Of[UserPrefix]
	OrderID = typeid.Of[OrderPrefix]
)

// cancel takes only an order ID: cancel(userID) does not compile.
func cancel(id OrderID) string { return "cancelled " + id.String() }

func ExampleOf() {
	order, err := typeid.ParseOf[OrderPrefix]("order_01h455vb4pex5vsknk084sn02q")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cancel(order))

	// Text with another prefix does not parse as an OrderID.
	_, err = typeid.ParseOf[OrderPrefix]("user_01h455vb4pex5vsknk084sn02q")
	fmt.Println(errors.Is(err, typeid.ErrPrefix))

	user, _ := typeid.NewOf[UserPrefix]()
	var _ UserID = user
	fmt.Println(user.Prefix())
	// Output:
	// cancelled order_01h455vb4pex5vsknk084sn02q
	// true
	// user
}
